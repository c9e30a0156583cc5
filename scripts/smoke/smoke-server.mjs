// Run with `node --import tsx` (it reads the contract's constants). The standalone server as `npm run server` runs it (the bundle out of `npm run build:server`, its node flags):
// it starts on a new PGlite folder and on the PostgreSQL server of CONSOLE_TEST_PG_URL when set, applies the
// migrations shipped beside it, answers a public call from its database, serves the API reference page's script, and
// stops on SIGTERM. A bundle missing a part (the migrations, the PGlite worker's entry, a package left out) fails here.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { API_PREFIX } from '../../src/shared/constants.ts';
import { DEFAULT_CLIENT_ID } from '../../src/shared/defaults.ts';
import { ROOT, serverArgs } from '../server-command.ts';

const START_TIMEOUT_MS = 90_000;

async function check(name, args, env) {
  const child = spawn(process.execPath, serverArgs(['--host', '127.0.0.1', '--port', '0', ...args]), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      createInterface({ input: child.stdout }).on('line', (line) => {
        const ready = /ready at (http:\/\/\S+)\/api /.exec(line);
        if (ready) {
          clearTimeout(timer);
          resolve(ready[1]);
        }
      });
      void exited.then((how) => reject(new Error(`exited (${how}) before it was ready`)));
    });
    const response = await fetch(`${url}${API_PREFIX}/auth/captcha/need`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: DEFAULT_CLIENT_ID, username: 'admin' }),
    });
    const envelope = await response.json();
    if (envelope.code !== '00000' || typeof envelope.data?.needShow !== 'boolean') throw new Error(`the captcha question answered ${JSON.stringify(envelope)}`);
    // The reference page's script comes from swagger-ui-dist in node_modules, which the bundle must still find.
    const reference = await fetch(`${url}${API_PREFIX}/reference/swagger-ui-bundle.js`);
    if (reference.status !== 200 || !(await reference.text()).includes('SwaggerUIBundle')) throw new Error(`the API reference's script answered HTTP ${reference.status}`);
    child.kill('SIGTERM');
    const how = await exited;
    if (how !== 0) throw new Error(`stopped with ${how} on SIGTERM, not 0`);
    console.log(`ok: the bundled server on ${name} started, answered from its database, served the API reference and stopped`);
  } finally {
    child.kill('SIGKILL');
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-smoke-server-'));
try {
  await check('a new PGlite folder', ['--data', dataDir], { DATABASE_URL: '' });
  if (process.env.CONSOLE_TEST_PG_URL) await check('PostgreSQL', [], { DATABASE_URL: process.env.CONSOLE_TEST_PG_URL });
} catch (error) {
  console.error(`the bundled server failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
