// How `npm run server` starts the standalone server's bundle and `npm run start:browser` the browser host, read from
// those scripts themselves, so that the smoke test, the bench and the end-to-end tests start the very processes
// users run (the same node flags), with no second copy of them.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(ROOT, 'out', 'server', 'cli.js');
/** The browser host's bundle (`npm run build:browser-host`), with its embedded server. */
export const BROWSER_HOST_BUNDLE = path.join(ROOT, 'out', 'browser-host', 'cli.js');

/** The node flags before `entry` at the end of package.json's script `name`. */
function nodeFlagsOf(name: string, entry: string): string[] {
  const script = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[name] ?? '';
  const command = new RegExp(`\\bnode((?: --\\S+)*) ${entry.replace(/[.\/]/g, '\\$&')}$`).exec(script);
  if (!command) throw new Error(`package.json's ${name} script no longer ends with "node [flags] ${entry}": ${script}`);
  return command[1]!.split(' ').filter(Boolean);
}

/** The node flags before `out/server/cli.js` in package.json's `server` script. */
function serverNodeFlags(): string[] {
  return nodeFlagsOf('server', 'out/server/cli.js');
}

/** The arguments for `process.execPath` that start the bundled server with `args`. */
export function serverArgs(args: string[]): string[] {
  return [...serverNodeFlags(), SERVER_BUNDLE, ...args];
}

/** The node flags before `out/browser-host/cli.js` in package.json's `start:browser` script. */
function browserHostNodeFlags(): string[] {
  return nodeFlagsOf('start:browser', 'out/browser-host/cli.js');
}

/** The arguments for `process.execPath` that start the bundled browser host with `args`, as `npm run start:browser` does. */
export function browserHostArgs(args: string[]): string[] {
  return [...browserHostNodeFlags(), BROWSER_HOST_BUNDLE, ...args];
}
