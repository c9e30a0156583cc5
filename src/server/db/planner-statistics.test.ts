import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { analyzeGrownTables } from './planner-statistics';

describe.skipIf(process.env.CONSOLE_TEST_DB === 'pg')('planner statistics at start (PGlite only: PostgreSQL has autovacuum)', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  it('analyses a table that has grown since its last analysis, and nothing when nothing grew', async () => {
    const { db } = server.services;
    await analyzeGrownTables(db);
    expect(await analyzeGrownTables(db)).toEqual([]);
    await db.execute(sql`insert into sys_captcha (uuid, code_hash, expires_at) select gen_random_uuid()::text, repeat('x', 64), now() from generate_series(1, 5000)`);
    expect(await analyzeGrownTables(db)).toEqual(['sys_captcha']);
    expect(await analyzeGrownTables(db)).toEqual([]);
  });
});
