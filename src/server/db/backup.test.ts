import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { backupDataDir, BackupError, restoreDataDir } from './backup';
import { openDatabase } from './client';
import { DataDirInUse, lockFileOf } from './data-dir-lock';
import { dept } from './schema';

const run = promisify(execFile);

const ADDED = ['备份之前', '备份之后', '总部', '命令行'];

/** Backups are of the embedded database's folder: PGlite only. */
describe.runIf(process.env.CONSOLE_TEST_DB === 'pglite')('backup and restore of an embedded data folder', () => {
  let work: string;
  let dataDir: string;
  beforeEach(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'console-backup-'));
    dataDir = path.join(work, 'data');
    // The run's migrated and seeded template: a data folder as a workstation has it, without an initdb per test.
    cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
  });
  afterEach(() => {
    rmSync(work, { recursive: true, force: true });
  });

  async function addDept(name: string): Promise<void> {
    const opened = await openDatabase({ dataDir });
    await opened.db.insert(dept).values({ name });
    await opened.close();
  }

  /** The organisations added here (the template's seeded ones aside). */
  async function deptNames(): Promise<string[]> {
    const opened = await openDatabase({ dataDir });
    const rows = await opened.db.select({ name: dept.name }).from(dept).where(inArray(dept.name, ADDED)).orderBy(dept.deptId);
    await opened.close();
    return rows.map((r) => r.name);
  }

  it('round-trips: what was there at the backup is there after the restore, and later changes are gone', async () => {
    await addDept('备份之前');
    const file = path.join(work, 'console.tar.gz');
    const { bytes } = await backupDataDir(dataDir, file);
    expect(bytes).toBeGreaterThan(0);
    await addDept('备份之后');

    const { previous } = await restoreDataDir(file, dataDir, new Date('2026-11-23T10:00:00Z'));
    expect(await deptNames()).toEqual(['备份之前']);
    // The folder as it was is kept, and it still opens with the later change in it.
    expect(previous).toBe(`${dataDir}.before-restore-2026-11-23T10-00-00-000Z`);
    const kept = await openDatabase({ dataDir: previous! });
    expect((await kept.db.select().from(dept).where(eq(dept.name, '备份之后'))).length).toBe(1);
    await kept.close();
  });

  it('restores into a folder that does not exist yet (a new workstation)', async () => {
    await addDept('总部');
    const file = path.join(work, 'console.tar.gz');
    await backupDataDir(dataDir, file);
    const elsewhere = path.join(work, 'new-workstation', 'data');
    expect((await restoreDataDir(file, elsewhere)).previous).toBeNull();
    const opened = await openDatabase({ dataDir: elsewhere });
    expect((await opened.db.select({ name: dept.name }).from(dept).where(inArray(dept.name, ADDED))).map((r) => r.name)).toEqual(['总部']);
    await opened.close();
  });

  it('refuses while a server has the folder open, and leaves no partial file', async () => {
    const server = await openDatabase({ dataDir });
    try {
      const file = path.join(work, 'busy.tar.gz');
      await expect(backupDataDir(dataDir, file)).rejects.toBeInstanceOf(DataDirInUse);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by process \d+/);
      expect(readdirSync(work).filter((name) => name.startsWith('busy'))).toEqual([]);
    } finally {
      await server.close();
    }
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('takes over the lock of a process that is gone', async () => {
    await addDept('总部');
    writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), since: '2026-01-01T00:00:00Z' }));
    expect(await deptNames()).toEqual(['总部']);
  });

  it('a file that is no backup is refused and the folder is left as it was', async () => {
    await addDept('总部');
    const bogus = path.join(work, 'not-a-backup.tar.gz');
    writeFileSync(bogus, 'this is not a tarball');
    await expect(restoreDataDir(bogus, dataDir)).rejects.toBeInstanceOf(BackupError);
    expect(await deptNames()).toEqual(['总部']);
    expect(readdirSync(work).filter((name) => name.includes('before-restore'))).toEqual([]);
  });

  it('a folder that is no data folder is refused by backup', async () => {
    await expect(backupDataDir(path.join(work, 'empty'), path.join(work, 'x.tar.gz'))).rejects.toThrow(/is not a console data folder/);
  });

  it('runs from the command line: npm run server -- backup FILE --data DIR, then restore', async () => {
    await addDept('命令行');
    const file = path.join(work, 'cli.tar.gz');
    const tsx = path.resolve('node_modules/.bin/tsx');
    const backup = await run(tsx, ['src/server/cli.ts', 'backup', file, '--data', dataDir], { env: { ...process.env, DATABASE_URL: '' } });
    expect(backup.stdout).toMatch(/^Backed up .* \(\d+ bytes\)/);
    const restore = await run(tsx, ['src/server/cli.ts', 'restore', file, '--data', dataDir], { env: { ...process.env, DATABASE_URL: '' } });
    expect(restore.stdout).toMatch(/^Restored .*; the folder as it was is kept at .*before-restore/);
    expect(await deptNames()).toEqual(['命令行']);
    await expect(run(tsx, ['src/server/cli.ts', 'backup'], { env: { ...process.env, DATABASE_URL: '' } })).rejects.toMatchObject({ stderr: expect.stringContaining('backup needs a FILE') });
  }, 120_000);
});
