import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time on a PGlite data folder: two would each replay and write the same files and
 * leave the folder unopenable. The lock is a file beside the folder (never inside it, so a backup of the
 * folder does not carry it), naming the process that holds it; a lock whose process is gone is stale and
 * taken over.
 */

export class DataDirInUse extends Error {}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? { pid: owner.pid, host: owner.host, since: String(owner.since ?? '') } : null;
  } catch {
    return null;
  }
}

/** Takes the folder's lock or throws `DataDirInUse` naming the holder; returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  const mine: LockOwner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      return () => {
        if (readOwner(file)?.pid === mine.pid) unlinkSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readOwner(file);
    // Another host's process cannot be checked from here (a shared drive): its lock stands.
    if (holder && (holder.host !== mine.host || alive(holder.pid))) {
      throw new DataDirInUse(`the data folder ${path.resolve(dataDir)} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}); stop it first`);
    }
    unlinkSync(file);
  }
  throw new DataDirInUse(`the data folder ${path.resolve(dataDir)} could not be locked (${file})`);
}
