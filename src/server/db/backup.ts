import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock';
import { openDatabase } from './client';
import { user } from './schema';

/**
 * Backup and restore of an embedded (PGlite) data folder: the whole folder as one gzipped tarball, taken
 * while no server runs on it (the folder's lock says so). A PostgreSQL team server is backed up with
 * PostgreSQL's own tools (see the README).
 */

export class BackupError extends Error {}

function isDataFolder(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** Writes the folder's tarball to `file` (through a temporary file, so a failed backup never leaves half a file). */
export async function backupDataDir(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!isDataFolder(dataDir)) throw new BackupError(`${path.resolve(dataDir)} is not a console data folder (no PG_VERSION in it)`);
  const release = lockDataDir(dataDir);
  const partial = `${file}.partial`;
  try {
    const client = await PGlite.create(dataDir);
    try {
      const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
      writeFileSync(partial, tarball);
      renameSync(partial, file);
      return { bytes: tarball.length };
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    release();
  }
}

/**
 * Replaces the data folder with the backup in `file`. The folder as it was is kept beside it (its path is
 * returned) until the restored one has opened, migrated and answered a query; if any of that fails, the
 * old folder is put back and nothing changes.
 */
export async function restoreDataDir(file: string, dataDir: string, stamp = new Date()): Promise<{ previous: string | null }> {
  if (!existsSync(file)) throw new BackupError(`${path.resolve(file)} does not exist`);
  const target = path.resolve(dataDir);
  const hasData = existsSync(target) && readdirSync(target).length > 0;
  const previous = hasData ? `${target}.before-restore-${stamp.toISOString().replace(/[:.]/g, '-')}` : null;
  mkdirSync(path.dirname(target), { recursive: true });
  const release = lockDataDir(target);
  try {
    if (previous) renameSync(target, previous);
    else rmSync(target, { recursive: true, force: true });
    try {
      const loaded = await PGlite.create(target, { loadDataDir: new Blob([readFileSync(file)]) });
      await loaded.close();
      if (!isDataFolder(target)) throw new BackupError(`${path.resolve(file)} is not a console backup (it holds no data folder)`);
    } catch (error) {
      rmSync(target, { recursive: true, force: true });
      if (previous) renameSync(previous, target);
      throw error instanceof BackupError ? error : new BackupError(`${path.resolve(file)} could not be restored: ${(error as Error).message}`);
    }
  } finally {
    release();
  }
  // Opened as the server opens it: migrations applied, one query answered.
  try {
    const opened = await openDatabase({ dataDir: target });
    try {
      await opened.db.select({ userId: user.userId }).from(user).limit(1);
    } finally {
      await opened.close();
    }
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    if (previous) renameSync(previous, target);
    throw new BackupError(`${path.resolve(file)} could not be opened as a console database: ${(error as Error).message}`);
  }
  return { previous };
}
