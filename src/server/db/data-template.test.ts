import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../config';
import { seedIfEmpty } from '../seed/seed';
import { openDatabase } from './client';
import { buildDataTemplate, startFromTemplate } from './data-template';
import { user } from './schema';

describe.skipIf(process.env.CONSOLE_TEST_DB === 'pg')('the embedded data-folder template (PGlite only; a PostgreSQL server has its own initdb)', () => {
  let dir: string;
  let template: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'console-data-template-test-'));
    template = path.join(dir, 'template.tar.gz');
    await buildDataTemplate(template);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts a new data folder from the template: migrated, seeded at its first open, no initdb', async () => {
    const dataDir = path.join(dir, 'new');
    expect(await startFromTemplate(dataDir, template)).toBe(true);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dir).filter((name) => name.endsWith('.loading') || name.endsWith('.lock'))).toEqual([]);
    const database = await openDatabase({ dataDir });
    try {
      expect(await database.db.select().from(user)).toEqual([]);
      expect(await seedIfEmpty(database.db, configFromEnv({}, { dataDir }))).not.toBeNull();
    } finally {
      await database.close();
    }
    // A folder with data is never replaced.
    expect(await startFromTemplate(dataDir, template)).toBe(false);
  });

  it('leaves a folder holding anything else, and a missing template, alone', async () => {
    const other = path.join(dir, 'other');
    mkdirSync(other);
    writeFileSync(path.join(other, 'notes.txt'), 'mine');
    expect(await startFromTemplate(other, template)).toBe(false);
    expect(readdirSync(other)).toEqual(['notes.txt']);
    expect(await startFromTemplate(path.join(dir, 'none'), path.join(dir, 'no-such-template.tar.gz'))).toBe(false);
    expect(existsSync(path.join(dir, 'none'))).toBe(false);
  });
});
