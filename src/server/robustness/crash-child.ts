import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(ROOT, 'src/server/cli.ts');
const READY = /server ready at (http:\/\/\S+)\/api/;

/** Where a child server keeps its data: a PGlite folder, or a PostgreSQL database. */
export type ChildData = { dataDir: string } | { databaseUrl: string };

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** What the child printed, for a failure's message. */
  output(): string;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<string>;
}

/**
 * Starts the standalone server's entry (src/server/cli.ts, which `npm run server` runs bundled) in its own
 * process through tsx's loader (one process, so that a SIGKILL reaches the server itself, not a wrapper), on a free
 * loopback port. Resolves once it prints its ready line; rejects if it exits or stays silent past the bound.
 */
export async function startChildServer(data: ChildData, startTimeoutMs = 90_000, settings: NodeJS.ProcessEnv = {}): Promise<ChildServer> {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(DATABASE_URL|HOST|PORT|CONSOLE_.*)$/.test(name)) env[name] = value;
  }
  // The test's own settings (an SMS gateway at a loopback peer), never the environment's.
  Object.assign(env, settings);
  const args = ['--import', 'tsx', CLI, '--host', '127.0.0.1', '--port', '0'];
  if ('databaseUrl' in data) env.DATABASE_URL = data.databaseUrl;
  else args.push('--data', data.dataDir);
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${startTimeoutMs} ms:\n${output}`));
    }, startTimeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = READY.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${how}) before it was ready:\n${output}`));
    });
  });
  return { url, process: child, output: () => output, exited };
}

/** Kills the child at once (no chance to flush or close anything) and waits until it is gone. */
export async function killChild(child: ChildServer): Promise<void> {
  child.process.kill('SIGKILL');
  await child.exited;
}

/** Stops the child as an operator would (SIGTERM: it closes the server and the database). */
export async function stopChild(child: ChildServer): Promise<string> {
  child.process.kill('SIGTERM');
  return child.exited;
}
