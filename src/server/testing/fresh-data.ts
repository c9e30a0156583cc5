import { cpSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The driver of the test project running this file. */
export const testDriver: 'pg' | 'pglite' = process.env.CONSOLE_TEST_DB === 'pg' ? 'pg' : 'pglite';

const adminUrlOf = (url: URL) => {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
};

async function asAdmin(url: URL, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrlOf(url) });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A PostgreSQL database of the test's own, made from the seeded template; `drop` removes it. */
export async function freshPgDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const templateUrl = new URL(inject('pgTemplateUrl'));
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(templateUrl, `create database ${name} template ${templateUrl.pathname.slice(1)}`);
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(templateUrl, `drop database if exists ${name} with (force)`) };
}

/** Seeded data for a server of the test's own: a copy of the template folder in `work`, or a database made from the template. */
export async function freshData(work: string, prefix: string): Promise<{ data: { dataDir: string } | { databaseUrl: string }; drop: () => Promise<void> }> {
  if (testDriver === 'pglite') {
    const dataDir = path.join(work, 'data');
    cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
    return { data: { dataDir }, drop: async () => undefined };
  }
  const database = await freshPgDatabase(prefix);
  return { data: { databaseUrl: database.url }, drop: database.drop };
}

/** The secret key of test servers on PostgreSQL, which have no data folder to keep one in. */
export const TEST_SECRET_KEY = '5e'.repeat(32);
