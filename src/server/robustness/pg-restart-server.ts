import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scripts/pg-test.sh');

/**
 * A PostgreSQL server of the test's own (scripts/pg-test.sh), which the test may stop and start: the
 * suite's shared server is used by other test files at the same time and must never be restarted.
 */
export interface PrivatePostgres {
  url: string;
  /** Stops it at once (`-m fast`: sessions are cut off, as when the database host restarts). */
  stop(): Promise<void>;
  /** Starts it again on the same folder and port. */
  start(): Promise<void>;
  /** Stops it for good. */
  dispose(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  return path.join(root, versions[versions.length - 1]!, 'bin');
}

/** Runs pg_ctl as the folder's owner: the script runs the server as 'postgres' when the tests run as root. */
async function pgCtl(args: string[]): Promise<void> {
  const command = [path.join(pgBin(), 'pg_ctl'), ...args].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
  if (process.getuid?.() === 0) await run('su', ['postgres', '-s', '/bin/sh', '-c', command]);
  else await run('/bin/sh', ['-c', command]);
}

export async function startPrivatePostgres(dir: string): Promise<PrivatePostgres> {
  const port = await freePort();
  const { stdout } = await run('bash', [SCRIPT, 'start', dir, String(port)]);
  const url = stdout.trim();
  const data = path.join(dir, 'data');
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${path.join(dir, 'sock')} -c fsync=off -c max_connections=200`;
  return {
    url,
    stop: () => pgCtl(['-D', data, '-m', 'fast', '-w', 'stop']),
    start: () => pgCtl(['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start']),
    dispose: async () => {
      await run('bash', [SCRIPT, 'stop', dir]);
    },
  };
}
