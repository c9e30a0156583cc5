import { rmSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { configFromEnv } from '../config';
import { openDatabase } from '../db/client';
import { seedIfEmpty } from '../seed/seed';
import { scratchDir } from './scratch';

export const PG_TEMPLATE_DB = 'console_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateUrl: string;
  }
}

/**
 * Migrates and seeds one template database per run; every test server starts from a copy of it
 * (a copied PGlite directory, or `CREATE DATABASE … TEMPLATE` on PostgreSQL) instead of running
 * initdb and the seed again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const config = configFromEnv({}, { quiet: true });
  if (project.name === 'server-pg') {
    const base = process.env.CONSOLE_TEST_PG_URL;
    if (!base) throw new Error('CONSOLE_TEST_PG_URL is not set: run the suite through `npm test`, which starts PostgreSQL');
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB}`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${PG_TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await seedIfEmpty(database.db, config);
    await database.close();
    project.provide('pgTemplateUrl', url.toString());
    project.provide('pgliteTemplate', '');
    return async () => undefined;
  }
  const dir = scratchDir('console-pglite-template-');
  const database = await openDatabase({ dataDir: dir });
  await seedIfEmpty(database.db, config);
  await database.close();
  project.provide('pgliteTemplate', dir);
  project.provide('pgTemplateUrl', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
