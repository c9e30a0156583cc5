import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './client';
import { lockDataDir } from './data-dir-lock';

/**
 * A pre-initialised PGlite data folder shipped with the app: PGlite's initdb is most of a first start, so
 * the build runs it once (with the migrations of that build applied, nothing seeded: the seed depends on
 * each installation's settings) and ships the folder as PGlite's own gzipped tarball. A first start loads
 * it into the new data folder instead of running initdb; the migrations and the seed then run as usual.
 */

/** The template's file name in the app's resources. */
export const DATA_TEMPLATE_FILE = 'data-template.tar.gz';

function isDataFolder(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** Builds the template into `file`: initdb and the migrations in a scratch folder, dumped as a tarball. */
export async function buildDataTemplate(file: string, migrationsDir?: string): Promise<{ bytes: number }> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'console-data-template-'));
  try {
    const database = await openDatabase({ dataDir: scratch, ...(migrationsDir !== undefined && { migrationsDir }) });
    await database.close();
    const client = await PGlite.create(scratch);
    try {
      const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      writeFileSync(`${file}.partial`, tarball);
      renameSync(`${file}.partial`, file);
      return { bytes: tarball.length };
    } finally {
      await client.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Fills a new data folder from the template, when there is one and the folder holds no data yet; returns
 * whether it did. An existing data folder is never touched. The folder is written under a scratch name
 * beside it and renamed into place, so a start interrupted here leaves no half-loaded folder behind.
 */
export async function startFromTemplate(dataDir: string, templateFile: string): Promise<boolean> {
  const target = path.resolve(dataDir);
  if (!existsSync(templateFile) || isDataFolder(target)) return false;
  if (existsSync(target) && readdirSync(target).length > 0) return false;
  mkdirSync(path.dirname(target), { recursive: true });
  const release = lockDataDir(target);
  const loading = `${target}.loading`;
  try {
    rmSync(loading, { recursive: true, force: true });
    const client = await PGlite.create(loading, { loadDataDir: new Blob([readFileSync(templateFile)]) });
    await client.close();
    if (!isDataFolder(loading)) throw new Error(`${templateFile} holds no data folder`);
    rmSync(target, { recursive: true, force: true });
    renameSync(loading, target);
    return true;
  } finally {
    rmSync(loading, { recursive: true, force: true });
    release();
  }
}
