import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChildServer, stopChild } from './robustness/crash-child';
import { signInAdminHttp } from './robustness/load-client';
import { EXTERNAL_MEMORY_IN_GC_LIMITS, MALLOC_TUNABLES, nodeFlagsCountingExternalMemory, runsOnGlibc, tunablesWithFixedMallocThresholds } from './start-settings';

describe('tunablesWithFixedMallocThresholds', () => {
  it('fixes the thresholds when nothing is set, and keeps the other tunables beside them', () => {
    expect(tunablesWithFixedMallocThresholds(undefined)).toBe(MALLOC_TUNABLES);
    expect(tunablesWithFixedMallocThresholds('')).toBe(MALLOC_TUNABLES);
    expect(tunablesWithFixedMallocThresholds('glibc.pthread.rseq=0')).toBe(`glibc.pthread.rseq=0:${MALLOC_TUNABLES}`);
    expect(tunablesWithFixedMallocThresholds('glibc.malloc.tcache_count=0')).toBe(`glibc.malloc.tcache_count=0:${MALLOC_TUNABLES}`);
  });

  it('leaves a threshold the administrator set as it is', () => {
    expect(tunablesWithFixedMallocThresholds('glibc.malloc.trim_threshold=1048576')).toBeNull();
    expect(tunablesWithFixedMallocThresholds('glibc.pthread.rseq=0:glibc.malloc.mmap_threshold=262144')).toBeNull();
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

// One server process is enough for both databases' runs; Node before 22.15 has no process.execve.
describe.runIf(canRestart && process.env.CONSOLE_TEST_DB !== 'pg')("the standalone server's process on Linux with glibc", () => {
  it('starts itself again with the settings: the same process, with its arguments', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'console-start-settings-'));
    try {
      const child = await startChildServer({ dataDir: path.join(work, 'data') }, 90_000, { GLIBC_TUNABLES: '' });
      try {
        const pid = child.process.pid!;
        // The environment the process image started with (glibc cuts a list of several tunables short in it).
        expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain(`GLIBC_TUNABLES=${MALLOC_TUNABLES}`);
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
