import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FileRevealer } from './exports';

/**
 * "Show in folder" where Electron's shell is not at hand (the browser host): the operating system's own file
 * manager, started by its usual command. Linux has no common way to select a file, so its folder opens.
 */

export interface OpenerCommand {
  command: string;
  args: string[];
  /** Windows: the arguments go as written (explorer reads `/select,"path"` itself, not by the C runtime's rules). */
  verbatim?: boolean;
}

export function revealCommand(file: string, platform: NodeJS.Platform): OpenerCommand {
  if (platform === 'darwin') return { command: 'open', args: ['-R', file] };
  if (platform === 'win32') return { command: 'explorer', args: [`/select,"${file}"`], verbatim: true };
  return { command: 'xdg-open', args: [path.dirname(file)] };
}

/** Starts a command without waiting for it (a file manager stays open); fails when it cannot be started. */
export type CommandRunner = (opener: OpenerCommand) => Promise<void>;

export const startDetached: CommandRunner = (opener) =>
  new Promise((resolve, reject) => {
    const child = spawn(opener.command, opener.args, { detached: true, stdio: 'ignore', windowsVerbatimArguments: opener.verbatim ?? false });
    child.once('error', (error) => reject(new Error(`${opener.command} could not be started: ${error.message}`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });

export function fileManagerRevealer(platform: NodeJS.Platform = process.platform, run: CommandRunner = startDetached): FileRevealer {
  return (file) => run(revealCommand(file, platform));
}
