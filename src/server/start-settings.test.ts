import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChildServer, stopChild } from './robustness/crash-child';
import { signInAdminHttp } from './robustness/load-client';
import { EXTERNAL_MEMORY_IN_GC_LIMITS, MALLOC_TUNABLES, nodeFlagsCountingExternalMemory, runsOnGlibc, tunablesWithMallocSettings } from './start-settings';

describe('tunablesWithMallocSettings', () => {
  const ours = MALLOC_TUNABLES.map(({ tunable }) => tunable);

  it('adds every malloc setting when none is set, after the other tunables', () => {
    expect(ours).toEqual(['glibc.malloc.trim_threshold=131072', 'glibc.malloc.arena_max=2']);
    expect(tunablesWithMallocSettings(undefined)).toBe(ours.join(':'));
    expect(tunablesWithMallocSettings('')).toBe(ours.join(':'));
    expect(tunablesWithMallocSettings('glibc.pthread.rseq=0')).toBe(['glibc.pthread.rseq=0', ...ours].join(':'));
    expect(tunablesWithMallocSettings('glibc.malloc.tcache_count=0')).toBe(['glibc.malloc.tcache_count=0', ...ours].join(':'));
  });

  it('leaves each setting the administrator chose as it is, and adds the others', () => {
    expect(tunablesWithMallocSettings('glibc.malloc.trim_threshold=1048576')).toBe('glibc.malloc.trim_threshold=1048576:glibc.malloc.arena_max=2');
    expect(tunablesWithMallocSettings('glibc.pthread.rseq=0:glibc.malloc.mmap_threshold=262144')).toBe('glibc.pthread.rseq=0:glibc.malloc.mmap_threshold=262144:glibc.malloc.arena_max=2');
    expect(tunablesWithMallocSettings('glibc.malloc.arena_max=8')).toBe('glibc.malloc.arena_max=8:glibc.malloc.trim_threshold=131072');
    expect(tunablesWithMallocSettings('glibc.malloc.arena_max=1:glibc.malloc.trim_threshold=0')).toBeNull();
  });
});

describe('nodeFlagsCountingExternalMemory', () => {
  it("adds the flag before the process's own flags on V8 13 and later", () => {
    expect(nodeFlagsCountingExternalMemory(['--liftoff-only'], '13.6.233.17-node.63')).toEqual([EXTERNAL_MEMORY_IN_GC_LIMITS, '--liftoff-only']);
    expect(nodeFlagsCountingExternalMemory([], '14.2.1')).toEqual([EXTERNAL_MEMORY_IN_GC_LIMITS]);
  });

  it('changes nothing where the flag is set already or V8 would refuse it (Node 20 and 22)', () => {
    expect(nodeFlagsCountingExternalMemory([EXTERNAL_MEMORY_IN_GC_LIMITS], '13.6.233.17-node.63')).toBeNull();
    expect(nodeFlagsCountingExternalMemory(['--liftoff-only'], '12.4.254.21-node.57')).toBeNull();
    expect(nodeFlagsCountingExternalMemory(['--liftoff-only'], '11.3.244.8-node.38')).toBeNull();
  });
});

const canRestart = process.platform === 'linux' && 'execve' in process && runsOnGlibc();

/** The dynamic loader this process started with (glibc's ld.so), from its memory map. */
function dynamicLoader(): string | undefined {
  return /\s(\/\S*\/ld-linux[^/\s]*\.so[.\d]*)$/m.exec(readFileSync('/proc/self/maps', 'utf8'))?.[1];
}

describe.runIf(process.platform === 'linux' && runsOnGlibc())("glibc's reading of the malloc settings", () => {
  it('takes each of them with its value', () => {
    const loader = dynamicLoader();
    expect(loader, "glibc's loader in /proc/self/maps").toBeDefined();
    const listed = execFileSync(loader!, ['--list-tunables'], { env: { GLIBC_TUNABLES: tunablesWithMallocSettings('')! }, encoding: 'utf8' });
    for (const { tunable } of MALLOC_TUNABLES) {
      const [name, value] = tunable.split('=') as [string, string];
      expect(listed).toContain(`${name}: 0x${Number(value).toString(16)} `);
    }
  });
});

// One server process is enough for both databases' runs; Node before 22.15 has no process.execve.
describe.runIf(canRestart && process.env.CONSOLE_TEST_DB !== 'pg')("the standalone server's process on Linux with glibc", () => {
  it('starts itself again with the settings: the same process, with its arguments', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'console-start-settings-'));
    try {
      const child = await startChildServer({ dataDir: path.join(work, 'data') }, 90_000, { GLIBC_TUNABLES: '' });
      try {
        const pid = child.process.pid!;
        // The environment the process image started with. glibc 2.36 cuts the list short there after the first
        // tunable as it reads it; what glibc makes of the whole list is the test below.
        const tunables = readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .find((entry) => entry.startsWith('GLIBC_TUNABLES='))
          ?.slice('GLIBC_TUNABLES='.length);
        expect(`${tunablesWithMallocSettings('')}:`.startsWith(`${tunables}:`), `GLIBC_TUNABLES=${tunables}`).toBe(true);
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        expect(commandLine).toEqual(expect.arrayContaining(['--import', 'tsx', '--data', path.join(work, 'data')]));
        if (Number(process.versions.v8.split('.')[0]) >= 13) expect(commandLine).toContain(EXTERNAL_MEMORY_IN_GC_LIMITS);
        await expect(signInAdminHttp(child.url)).resolves.toMatchObject({ token: expect.any(String) });
      } finally {
        await stopChild(child);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
