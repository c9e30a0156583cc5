import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, win32 } from 'node:path';

/** The embedded server's data folder inside the app's own folder. */
const DATA_FOLDER = 'server-data';

/**
 * Where the desktop app keeps its embedded database. On Windows the local profile (%LOCALAPPDATA%\<app>): Electron's
 * userData is the roaming profile, which a managed fleet copies to a server at every sign-out and may redirect to a
 * network share. Elsewhere the userData folder is already local to the machine.
 */
export function embeddedDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, userData: string): string {
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA;
    if (!local) throw new Error('LOCALAPPDATA is not set: Windows sets it for every user, so the embedded database has no local profile folder');
    return win32.join(local, win32.basename(userData), DATA_FOLDER);
  }
  return join(userData, DATA_FOLDER);
}

/** The data folder versions up to 1.0.1 kept in the roaming profile on Windows. */
export function roamingDataDir(userData: string): string {
  return join(userData, DATA_FOLDER);
}

export type DataMove = 'none' | 'moved' | 'kept-local';

/**
 * Moves an existing data folder from where earlier versions kept it to `to`, before the embedded server opens it.
 * Nothing to move, or already the same folder: 'none'. A folder at `to` already (a second roaming profile on this
 * machine, or a move done before): the local one stays and the old one is left untouched, 'kept-local'. The roaming
 * profile may be on a network share, so a rename across volumes falls back to copy then delete.
 */
export function moveDataDir(from: string, to: string, log: (message: string) => void, rename: (from: string, to: string) => void = renameSync): DataMove {
  if (from === to || !existsSync(from)) return 'none';
  if (existsSync(to)) {
    log(`embedded database: ${to} is used; the older folder ${from} is left as it is`);
    return 'kept-local';
  }
  mkdirSync(dirname(to), { recursive: true });
  try {
    rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw new Error(`embedded database not moved from ${from} to ${to}: ${(error as Error).message}`);
    // A half-copied folder must not be taken for the database on the next start.
    const partial = `${to}.moving`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(from, partial, { recursive: true });
    rename(partial, to);
    rmSync(from, { recursive: true, force: true });
  }
  log(`embedded database moved from ${from} to ${to}`);
  return 'moved';
}
