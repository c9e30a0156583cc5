import { accessSync, constants, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SHARED_MEMORY = '/dev/shm';

/**
 * A new folder for a test database: in memory-backed /dev/shm where the machine has one, since PGlite's file
 * writes through the file system take a large share of a server test's time; else in the temp folder. Tests of
 * durability (backups, crashes) choose their own folders.
 */
export function scratchDir(prefix: string): string {
  let root = os.tmpdir();
  try {
    accessSync(SHARED_MEMORY, constants.W_OK);
    root = SHARED_MEMORY;
  } catch {
    // No writable /dev/shm (macOS, Windows): the temp folder it is.
  }
  return mkdtempSync(path.join(root, prefix));
}
