import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextRows } from '../exports/sheet-page';
import { readTextRows, TextRowsReader } from './pglite-text-rows';

/** The rows' texts, read back from their UTF-8. */
function textsOf(rows: TextRows): string[] {
  const decoder = new TextDecoder();
  let start = 0;
  return [...rows.ends].map((end) => decoder.decode(rows.utf8.subarray(start, (start = end))));
}

/** A backend message: its type, its length and its body. */
function backendMessage(type: string, body: Uint8Array): Uint8Array {
  const message = new Uint8Array(5 + body.length);
  message[0] = type.charCodeAt(0);
  new DataView(message.buffer).setInt32(1, 4 + body.length);
  message.set(body, 5);
  return message;
}

/** A data row of the given fields (null for SQL's null). */
function dataRow(...fields: (string | null)[]): Uint8Array {
  const parts = fields.map((field) => (field === null ? null : new TextEncoder().encode(field)));
  const body = new Uint8Array(2 + parts.reduce((size, part) => size + 4 + (part?.length ?? 0), 0));
  const view = new DataView(body.buffer);
  view.setInt16(0, fields.length);
  let at = 2;
  for (const part of parts) {
    view.setInt32(at, part ? part.length : -1);
    at += 4;
    if (part) body.set(part, at);
    at += part?.length ?? 0;
  }
  return backendMessage('D', body);
}

describe('reading an answer of text rows as PGlite streams it (TextRowsReader)', () => {
  const rows = ['', 'a', 'row | with : delimiters', '中文 and 🚚', 'x'.repeat(300)];
  const answer = Buffer.concat([
    backendMessage('1', new Uint8Array()),
    backendMessage('2', new Uint8Array()),
    ...rows.map((row) => dataRow(row)),
    backendMessage('C', new TextEncoder().encode('SELECT 5\0')),
    backendMessage('Z', new TextEncoder().encode('I')),
  ]);

  it('gives the same rows wherever the chunks are cut, a message header or a row’s text included', () => {
    for (let cut = 0; cut <= answer.length; cut++) {
      for (const second of [cut, Math.min(answer.length, cut + 3), Math.min(answer.length, cut + 200)]) {
        const reader = new TextRowsReader();
        // Each chunk a copy, as PGlite's chunks are views of its memory that change once the callback returns.
        for (const chunk of [answer.subarray(0, cut), answer.subarray(cut, second), answer.subarray(second)]) reader.take(chunk.slice());
        expect(textsOf(reader.result())).toEqual(rows);
      }
    }
  });

  it('gives the same rows from an answer that comes one byte at a time', () => {
    const reader = new TextRowsReader();
    for (let at = 0; at < answer.length; at++) reader.take(answer.slice(at, at + 1));
    expect(textsOf(reader.result())).toEqual(rows);
  });

  it('refuses an answer cut inside a message, a row of two fields and a null row, naming each', () => {
    const cut = new TextRowsReader();
    cut.take(answer.subarray(0, answer.length - 3));
    expect(() => cut.result()).toThrow(/ended inside a message \(3 bytes of it came\)/);
    const two = new TextRowsReader();
    two.take(Buffer.concat([dataRow('a'), dataRow('b', 'c')]));
    expect(() => two.result()).toThrow('a statement read as text rows gave 2 fields a row, not 1');
    const empty = new TextRowsReader();
    empty.take(dataRow(null));
    expect(() => empty.result()).toThrow('a statement read as text rows gave a row whose text is null');
  });
});

describe.runIf(process.env.CONSOLE_TEST_DB === 'pglite')('text rows read straight from PGlite’s answer (readTextRows)', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`create table sample (id serial primary key, body text not null)`);
    // Rows from empty to 300 KB: PGlite streams its answer in chunks of 8 KB and cuts the large rows across them.
    await db.query(
      `insert into sample (body) select case i % 5 when 0 then '' when 1 then '中文 🚚 ' || i when 2 then repeat('y', i * 97) when 3 then repeat('z', 300000 + i) else 'row ' || i end from generate_series(1, 2000) i`,
    );
  });
  afterAll(() => db.close());

  it('gives each row’s text as PGlite’s own statements give it, as its UTF-8', async () => {
    const statement = 'select body from sample where id > $1 order by id';
    const rows = await readTextRows(db, statement, [10]);
    const expected = (await db.query<{ body: string }>(statement, [10])).rows.map((row) => row.body);
    expect(rows.ends.length).toBe(1990);
    expect(textsOf(rows)).toEqual(expected);
    expect(rows.utf8.length).toBe(expected.reduce((size, text) => size + Buffer.byteLength(text), 0));
  });

  it('gives no rows for a statement that selects none', async () => {
    const rows = await readTextRows(db, 'select body from sample where id < $1', [0]);
    expect(rows.ends.length).toBe(0);
    expect(rows.utf8.length).toBe(0);
  });

  it('sends texts, numbers, bigints, booleans, dates and nulls as PGlite’s own statements send them', async () => {
    const statement = `select concat_ws(',', $1::text, $2::int, $3::int8, $4::bool, $5::timestamptz, coalesce($6::text, 'null'))`;
    const params = ['a, 中文', 42, 9007199254740993n, true, new Date(Date.UTC(2026, 10, 29, 8, 30, 15, 42)), null];
    const [row] = textsOf(await readTextRows(db, statement, params));
    expect(row).toBe((await db.query<[string]>(statement, params, { rowMode: 'array' })).rows[0]![0]);
    expect(row).toBe('a, 中文,42,9007199254740993,t,2026-11-29 08:30:15.042+00,null');
  });

  it('refuses a parameter it cannot send as text, naming it, before the statement runs', async () => {
    await expect(readTextRows(db, 'select $1::text', [{ a: 1 }])).rejects.toThrow('parameter $1 of a statement read as text rows is an object: only texts, numbers, booleans and dates are sent');
    await expect(readTextRows(db, 'select $1::text, $2::text', ['a', [1, 2]])).rejects.toThrow('parameter $2 of a statement read as text rows is an array');
  });

  it('throws PostgreSQL’s error with its code, and PGlite answers the statements after it', async () => {
    const failure = await readTextRows(db, 'select (1 / $1::int)::text', [0]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(protocol.messages.DatabaseError);
    expect(failure).toMatchObject({ code: '22012', message: 'division by zero' });
    await expect(readTextRows(db, 'select body, body from sample', [])).rejects.toThrow('gave 2 fields a row, not 1');
    expect(textsOf(await readTextRows(db, 'select (1 / $1::int)::text', [1]))).toEqual(['1']);
    expect((await db.query('select count(*)::int as n from sample')).rows).toEqual([{ n: 2000 }]);
  });

  it('waits for a transaction that holds PGlite and never runs inside it', async () => {
    let readDuring: Promise<TextRows> | null = null;
    await db
      .transaction(async (tx) => {
        await tx.query(`insert into sample (body) values ('uncommitted')`);
        readDuring = readTextRows(db, `select body from sample where body = 'uncommitted'`, []);
        // Give the read every chance to run before the transaction ends.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(textsOf(await readDuring!)).toEqual([]);
  });
});
