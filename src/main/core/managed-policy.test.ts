import { describe, expect, it } from 'vitest';
import { MANAGED_PREFERENCES_FILE, POLICY_REGISTRY_KEY, readManagedPolicy, systemCommandRunner, withPolicy, type CommandRunner } from './managed-policy';
import { readManagedPreset } from './settings';

const regOutput = (lines: string[]) => ['', 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\BackofficeConsole', ...lines, ''].join('\r\n');

/** A runner that answers one command and records what it was asked. */
function runner(answer: { code: number; stdout?: string; stderr?: string }) {
  const calls: string[][] = [];
  const run: CommandRunner = async (command, args) => {
    calls.push([command, ...args]);
    return { code: answer.code, stdout: answer.stdout ?? '', stderr: answer.stderr ?? '' };
  };
  return { run, calls };
}
const exists = () => true;

describe('the Windows registry policy', () => {
  it('reads text and DWORD values under the HKLM policy key', async () => {
    const { run, calls } = runner({
      code: 0,
      stdout: regOutput(['    ServerUrl    REG_SZ    https://console.example.com/', '    ClientId    REG_SZ    fleet-client', '    DisableEmbeddedServer    REG_DWORD    0x1']),
    });
    const policy = await readManagedPolicy('win32', run, exists);
    expect(calls).toEqual([['reg', 'query', POLICY_REGISTRY_KEY]]);
    expect(policy).toEqual({
      serverUrl: 'https://console.example.com',
      clientId: 'fleet-client',
      clientSecret: null,
      transportSecret: null,
      embeddedServerForbidden: true,
      source: POLICY_REGISTRY_KEY,
    });
  });

  it('is no policy when the key does not exist', async () => {
    const { run } = runner({ code: 1, stderr: 'ERROR: The system was unable to find the specified registry key or value.' });
    expect((await readManagedPolicy('win32', run, exists)).source).toBeNull();
  });

  it('refuses, naming the value, a wrong type, an unknown name, a bad URL, and forbidding the embedded server without a server', async () => {
    const read = (lines: string[]) => readManagedPolicy('win32', runner({ code: 0, stdout: regOutput(lines) }).run, exists);
    await expect(read(['    ServerUrl    REG_BINARY    00ff'])).rejects.toThrow(`${POLICY_REGISTRY_KEY}\\ServerUrl: REG_BINARY is not a type`);
    await expect(read(['    ServerURL2    REG_SZ    x'])).rejects.toThrow('ServerURL2 is not a known value');
    await expect(read(['    ServerUrl    REG_SZ    ftp://files.example.com'])).rejects.toThrow('ServerUrl in HKLM\\SOFTWARE\\Policies\\BackofficeConsole must start with http:// or https://');
    await expect(read(['    DisableEmbeddedServer    REG_DWORD    0x1'])).rejects.toThrow('DisableEmbeddedServer needs ServerUrl');
    await expect(read(['    DisableEmbeddedServer    REG_DWORD    0x2'])).rejects.toThrow('DisableEmbeddedServer must be 0 or 1');
  });

  it('says why when reg itself fails', async () => {
    const { run } = runner({ code: 5, stderr: 'ERROR: Access is denied.' });
    await expect(readManagedPolicy('win32', run, exists)).rejects.toThrow('could not be read: ERROR: Access is denied.');
  });
});

describe('macOS managed preferences', () => {
  it("reads the profile's keys through plutil", async () => {
    const { run, calls } = runner({ code: 0, stdout: JSON.stringify({ ServerUrl: 'https://console.example.com', DisableEmbeddedServer: true, TransportSecret: 'k'.repeat(32) }) });
    const policy = await readManagedPolicy('darwin', run, exists);
    expect(calls).toEqual([['plutil', '-convert', 'json', '-o', '-', MANAGED_PREFERENCES_FILE]]);
    expect(policy).toMatchObject({ serverUrl: 'https://console.example.com', transportSecret: 'k'.repeat(32), embeddedServerForbidden: true, source: MANAGED_PREFERENCES_FILE });
  });

  it('is no policy without a profile, and runs nothing', async () => {
    const { run, calls } = runner({ code: 0, stdout: '{}' });
    expect((await readManagedPolicy('darwin', run, () => false)).source).toBeNull();
    expect(calls).toEqual([]);
  });

  it('refuses a profile that is not a dictionary or has a text where a boolean belongs', async () => {
    await expect(readManagedPolicy('darwin', runner({ code: 0, stdout: '[1]' }).run, exists)).rejects.toThrow('must be a dictionary');
    await expect(readManagedPolicy('darwin', runner({ code: 0, stdout: '{"DisableEmbeddedServer":"yes","ServerUrl":"https://a.example"}' }).run, exists)).rejects.toThrow(
      'DisableEmbeddedServer must be 0 or 1',
    );
  });
});

describe('one precedence: policy, then the machine-wide file, then the environment', () => {
  it('lays the policy over the preset field by field and names it first', async () => {
    const preset = readManagedPreset({ CONSOLE_SERVER_URL: 'https://env.example.com', CONSOLE_CLIENT_ID: 'env-client', CONSOLE_MANAGED_CONFIG: '/nonexistent/config.json' }, 'linux');
    const { run } = runner({ code: 0, stdout: regOutput(['    ServerUrl    REG_SZ    https://policy.example.com']) });
    const merged = withPolicy(preset, await readManagedPolicy('win32', run, exists));
    expect(merged).toMatchObject({ serverUrl: 'https://policy.example.com', clientId: 'env-client', clientSecret: null });
    expect(merged.sources).toEqual([POLICY_REGISTRY_KEY, 'CONSOLE_SERVER_URL', 'CONSOLE_CLIENT_ID']);
  });

  it('leaves the preset alone without a policy (Linux reads no registry)', async () => {
    const preset = readManagedPreset({ CONSOLE_SERVER_URL: 'https://env.example.com', CONSOLE_MANAGED_CONFIG: '/nonexistent/config.json' }, 'linux');
    const { run, calls } = runner({ code: 0 });
    expect(withPolicy(preset, await readManagedPolicy('linux', run, exists))).toBe(preset);
    expect(calls).toEqual([]);
  });
});

describe('the system command runner', () => {
  it("answers a program's exit code and output, and a program that does not start as an error", async () => {
    expect(await systemCommandRunner(process.execPath, ['-e', 'process.stdout.write("hi"); process.exit(3)'])).toEqual({ code: 3, stdout: 'hi', stderr: '' });
    const missing = await systemCommandRunner('/nonexistent/program', []);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('ENOENT');
  });
});
