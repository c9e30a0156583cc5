import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { bigint, boolean, customType, date, doublePrecision, integer, interval, json, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configFromEnv } from '../config';
import { scratchDir } from '../testing/scratch';
import { openDatabase, type Database } from './client';
import { SqlState, violatedConstraint } from './errors';
import { readTextRows } from './pglite-text-rows';
import { PGliteThread } from './pglite-thread';
import { dept } from './schema';

/** drizzle 0.45 has no bytea column of its own. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A row of every type whose parsing differs between drivers: drizzle's own parsers and PGlite's defaults. */
const sample = pgTable('thread_sample', {
  id: serial('id').primaryKey(),
  small: integer('small'),
  big: bigint('big', { mode: 'number' }),
  amount: numeric('amount'),
  at: timestamp('at', { mode: 'string' }),
  atMode: timestamp('at_mode', { mode: 'date' }),
  atZone: timestamp('at_zone', { withTimezone: true, mode: 'string' }),
  day: date('day'),
  span: interval('span'),
  doc: jsonb('doc'),
  plain: json('plain'),
  bytes: bytea('bytes'),
  flag: boolean('flag'),
  ratio: doublePrecision('ratio'),
  label: text('label').unique('thread_sample_label_key'),
});

const CREATE = `create table thread_sample (id serial primary key, small integer, big bigint, amount numeric, at timestamp,
  at_mode timestamp, at_zone timestamptz, day date, span interval, doc jsonb, plain json, bytes bytea, flag boolean,
  ratio double precision, label text constraint thread_sample_label_key unique, stamps timestamp[], amounts numeric[],
  days date[], spans interval[], zones timestamptz[], tags text[], counts int[])`;

const ARRAYS = `update thread_sample set stamps = array['2026-01-02 03:04:05.123456'::timestamp], amounts = array[1.50, 2.25]::numeric[],
  days = array['2026-02-03'::date], spans = array['1 day 02:00'::interval], zones = array['2026-01-02 03:04:05+08'::timestamptz],
  tags = array['a', 'b,c', null], counts = array[1, 2] where label = 'full'`;

const FULL = {
  small: 7,
  big: 9_007_199_254_740_000,
  amount: '12345678901234567890.123456789',
  at: '2026-01-02 03:04:05.123456',
  atMode: new Date('2026-03-04T05:06:07.890Z'),
  atZone: '2026-01-02 03:04:05+08',
  day: '2026-02-03',
  span: '1 day 02:03:04',
  doc: { name: '王', list: [1, 'two', null], nested: { ok: true } },
  plain: ['x', 2],
  bytes: Buffer.from([0, 1, 2, 254, 255]),
  flag: true,
  ratio: 0.125,
  label: 'full',
};

type Client = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

async function fill(client: Client): Promise<void> {
  await client.exec(CREATE);
  const db = drizzle(client as PGlite);
  await db.insert(sample).values([FULL, { label: null }]);
  await client.exec(ARRAYS);
}

/** The worker thread runs PGlite: PGlite only. */
describe.runIf(process.env.CONSOLE_TEST_DB === 'pglite')('PGlite in a worker thread (PGliteThread)', () => {
  let work: string;
  let direct: PGlite;
  let thread: PGliteThread;

  beforeAll(async () => {
    work = scratchDir('console-pglite-thread-');
    // The same seeded template on both sides: one PGlite on this thread, one behind the worker thread.
    cpSync(inject('pgliteTemplate'), path.join(work, 'direct'), { recursive: true });
    cpSync(inject('pgliteTemplate'), path.join(work, 'thread'), { recursive: true });
    [direct, thread] = await Promise.all([PGlite.create(path.join(work, 'direct')), PGliteThread.create(path.join(work, 'thread'))]);
    await fill(direct);
    await fill(thread as unknown as Client);
  });

  afterAll(async () => {
    await Promise.allSettled([direct?.close(), thread?.close()]);
    rmSync(work, { recursive: true, force: true });
  });

  it('gives drizzle the rows PGlite gives, for every type, in both row modes', async () => {
    const onDirect = drizzle(direct);
    const onThread = drizzle(thread as unknown as PGlite);
    // Array rows mapped through the table's columns (drizzle's select).
    const mapped = await onThread.select().from(sample).orderBy(sample.id);
    expect(mapped).toEqual(await onDirect.select().from(sample).orderBy(sample.id));
    const [full, empty] = mapped;
    // timestamptz comes back as PostgreSQL's text in the session's zone (UTC), as drizzle's own parser leaves it.
    expect(full).toMatchObject({ ...FULL, atZone: '2026-01-01 19:04:05+00', bytes: new Uint8Array(FULL.bytes) });
    expect(typeof full!.at).toBe('string');
    expect(full!.atMode).toBeInstanceOf(Date);
    expect(empty).toMatchObject({ small: null, at: null, doc: null, bytes: null, label: null });
    // Object rows with drizzle's parsers (raw SQL), arrays of the types drizzle keeps as text among them.
    const rawRows = (await onThread.execute(sql`select * from thread_sample order by id`)).rows;
    expect(rawRows).toEqual((await onDirect.execute(sql`select * from thread_sample order by id`)).rows);
    expect(rawRows[0]).toMatchObject({ stamps: '{"2026-01-02 03:04:05.123456"}', amounts: '{1.50,2.25}', days: '{2026-02-03}', tags: ['a', 'b,c', null], counts: [1, 2] });
  });

  it('runs parameters, exec and statements without drizzle as PGlite does', async () => {
    const statement = 'select $1::int + 1 as next, $2::text as word, $3::bytea as bytes, $4::jsonb as doc, $5::timestamptz as at, null::int as nothing';
    const params = [41, '词', new Uint8Array([9, 8]), JSON.stringify({ a: [1] }), '2026-05-06T07:08:09Z'];
    const fromThread = await thread.query(statement, params);
    expect(fromThread).toEqual(await direct.query(statement, params));
    expect(fromThread.rows[0]).toEqual({ next: 42, word: '词', bytes: new Uint8Array([9, 8]), doc: { a: [1] }, at: new Date('2026-05-06T07:08:09Z'), nothing: null });
    const arrays = await thread.query('select * from thread_sample where label = $1', ['full'], { rowMode: 'array' });
    expect(arrays).toEqual(await direct.query('select * from thread_sample where label = $1', ['full'], { rowMode: 'array' }));
    const execs = await thread.exec('select 1 as one; select 2 as two');
    expect(execs.map((result) => result.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
    expect(await thread.exec('select 1 as one; select 2 as two')).toEqual(await direct.exec('select 1 as one; select 2 as two'));
  });

  it('reads text rows in the worker as on the server’s thread (readTextRows), the bytes moved, PostgreSQL’s errors with their code', async () => {
    const statement = `select concat_ws('|', id, label, at, doc::text) from thread_sample where id >= $1 order by id`;
    const fromThread = await thread.readTextRows(statement, [1]);
    expect(fromThread).toEqual(await readTextRows(direct, statement, [1]));
    expect(fromThread.ends.length).toBeGreaterThan(0);
    await expect(thread.readTextRows('select (1 / $1::int)::text', [0])).rejects.toMatchObject({ code: '22012', message: 'division by zero' });
    await expect(thread.readTextRows('select $1::text', [{ a: 1 }])).rejects.toThrow('parameter $1 of a statement read as text rows is an object');
  });

  it('commits a transaction, and rolls one back when its function throws', async () => {
    const db = drizzle(thread as unknown as PGlite);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(sample).values({ label: 'committed' }).returning({ id: sample.id });
      // A savepoint inside: drizzle's nested transaction.
      await tx.transaction(async (inner) => inner.update(sample).set({ small: 1 }).where(eq(sample.id, row!.id)));
      return row!.id;
    });
    expect(await db.select({ small: sample.small }).from(sample).where(eq(sample.id, id))).toEqual([{ small: 1 }]);

    const failure = new Error('the work failed');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(sample).values({ label: 'rolled back' });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await db.select().from(sample).where(eq(sample.label, 'rolled back'))).toEqual([]);

    // PGlite's own tx.rollback(): nothing of the transaction is kept, and its function's result is returned.
    const result = await thread.transaction(async (tx) => {
      await tx.query(`insert into thread_sample (label) values ('explicit rollback')`);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      return 'returned';
    });
    expect(result).toBe('returned');
    expect((await thread.query(`select 1 from thread_sample where label = 'explicit rollback'`)).rows).toEqual([]);
  });

  it('makes statements outside a transaction wait for its end, as PGlite does', async () => {
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inTransaction!: () => void;
    const begun = new Promise<void>((resolve) => (inTransaction = resolve));
    const transaction = thread.transaction(async (tx) => {
      await tx.query(`insert into thread_sample (label) values ('while waiting')`);
      inTransaction();
      await gate;
      events.push('transaction ends');
    });
    await begun;
    const outside = thread.query<{ n: number }>(`select count(*)::int as n from thread_sample where label = 'while waiting'`).then((result) => {
      events.push('outside ran');
      return result.rows[0]!.n;
    });
    // Enough turns for the outside statement to have run, were it not waiting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual([]);
    release();
    await transaction;
    expect(await outside).toBe(1);
    expect(events).toEqual(['transaction ends', 'outside ran']);
  });

  it('refuses a unique violation with PostgreSQL code, constraint and detail, through drizzle too', async () => {
    const refused = await thread.query(`insert into thread_sample (label) values ('full')`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ code: SqlState.UniqueViolation, constraint: 'thread_sample_label_key', table: 'thread_sample', detail: 'Key (label)=(full) already exists.', severity: 'ERROR' });
    expect((refused as Error).message).toBe('duplicate key value violates unique constraint "thread_sample_label_key"');

    const db = drizzle(thread as unknown as PGlite);
    const inTransaction = await db
      .transaction(async (tx) => {
        await tx.insert(sample).values({ label: 'unique in a transaction' });
        await tx.insert(sample).values({ label: 'full' });
      })
      .catch((error: unknown) => error);
    expect(violatedConstraint(inTransaction, SqlState.UniqueViolation)).toBe('thread_sample_label_key');
    expect(await db.select().from(sample).where(eq(sample.label, 'unique in a transaction'))).toEqual([]);
  });
});

describe.runIf(process.env.CONSOLE_TEST_DB === 'pglite')('openDatabase with pgliteThread: worker', () => {
  let work: string;
  let database: Database | null = null;

  beforeAll(() => {
    work = scratchDir('console-pglite-thread-open-');
    cpSync(inject('pgliteTemplate'), path.join(work, 'data'), { recursive: true });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('migrates, writes, reads, and refuses every statement once closed', async () => {
    database = await openDatabase({ dataDir: path.join(work, 'data'), pgliteThread: 'worker' });
    await database.db.insert(dept).values([
      { name: '线程一', orderNum: 1 },
      { name: '线程,二', orderNum: 2 },
    ]);
    const names = await database.db
      .select({ name: dept.name })
      .from(dept)
      .where(sql`${dept.name} like '线程%'`)
      .orderBy(dept.name);
    expect(names.map((row) => row.name).sort()).toEqual(['线程,二', '线程一'].sort());
    const closing = database;
    database = null;
    await closing.close();
    // drizzle wraps the driver's error in its own "Failed query" error.
    const refused = await closing.db
      .select()
      .from(dept)
      .catch((error: unknown) => error);
    expect((refused as Error).cause).toMatchObject({ message: 'the database is closed' });
  });
});

describe.runIf(process.env.CONSOLE_TEST_DB === 'pglite')('PGliteThread that cannot open its data folder', () => {
  it("rejects with the error PGlite gave (the file system's ErrnoError, its fields kept)", async () => {
    const work = scratchDir('console-pglite-thread-bad-');
    try {
      const notAFolder = path.join(work, 'file');
      writeFileSync(notAFolder, 'not a data folder');
      const onThisThread = (await PGlite.create(notAFolder).catch((error: unknown) => error)) as { name: string; errno: number };
      expect(onThisThread).toMatchObject({ name: 'ErrnoError', errno: expect.any(Number) });
      await expect(PGliteThread.create(notAFolder)).rejects.toMatchObject({ name: onThisThread.name, errno: onThisThread.errno, message: `ErrnoError (errno ${onThisThread.errno})` });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('CONSOLE_PGLITE_THREAD', () => {
  it('is main unless set to worker, and refuses anything else by name', () => {
    expect(configFromEnv({}).pgliteThread).toBe('main');
    expect(configFromEnv({ CONSOLE_PGLITE_THREAD: 'main' }).pgliteThread).toBe('main');
    expect(configFromEnv({ CONSOLE_PGLITE_THREAD: 'worker' }).pgliteThread).toBe('worker');
    expect(() => configFromEnv({ CONSOLE_PGLITE_THREAD: 'thread' })).toThrow('CONSOLE_PGLITE_THREAD must be main or worker, got "thread"');
  });
});
