// How `npm run server` starts the standalone server's bundle, read from that script itself, so that the smoke
// test and the bench start the very process a team runs (the same node flags), with no second copy of them.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(ROOT, 'out', 'server', 'cli.js');

/** The node flags before `out/server/cli.js` in package.json's `server` script. */
export function serverNodeFlags(): string[] {
  const script = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.server ?? '';
  const command = /\bnode((?: --\S+)*) out\/server\/cli\.js$/.exec(script);
  if (!command) throw new Error(`package.json's server script no longer ends with "node [flags] out/server/cli.js": ${script}`);
  return command[1]!.split(' ').filter(Boolean);
}

/** The arguments for `process.execPath` that start the bundled server with `args`. */
export function serverArgs(args: string[]): string[] {
  return [...serverNodeFlags(), SERVER_BUNDLE, ...args];
}
