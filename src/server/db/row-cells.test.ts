import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { rowsOf, type RowTexts } from '../exports/sheet-page';
import type { Tx } from './client';
import { isoTime, leadingText, readRowTexts, type CellSource, type CompiledQuery } from './row-cells';
import { interfaceLog, operationLog } from './schema';

/** A page's row texts, read back from its UTF-8. */
function textsOf(page: RowTexts): string[] {
  const decoder = new TextDecoder();
  let start = 0;
  return [...page.ends].map((end) => decoder.decode(page.utf8.subarray(start, (start = end))));
}

/** The rows `readRowTexts` reads, each row's text parsed as the writer parses it. */
async function readCells(db: Tx, values: readonly CellSource[], page: (fields: Record<string, SQL.Aliased<unknown>>) => CompiledQuery): Promise<unknown[][]> {
  return [...rowsOf(await readRowTexts(db, values, [], page))].map((row) => [...row]);
}

describe('rows as the texts of their cells (what an export reads), on each driver', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  it('keeps the values and their types in the listed order, and the rows in the query’s order', async () => {
    const { db } = server.services;
    const start = new Date(Date.UTC(2026, 10, 27, 8, 30, 15, 42));
    const awkward = 'quotes " and \\ backslash, tab\tnew line\n, 中文, emoji 🚚, control \u0001';
    const base = { serviceCnName: 'svc', interfaceCnName: 'call', method: 'POST', path: '/api/x', useTime: 7, responseStatus: '200', responseText: '{}' };
    await db.insert(interfaceLog).values([
      { ...base, startTime: start, endTime: new Date(start.getTime() + 7), requestParam: awkward },
      { ...base, startTime: new Date(start.getTime() + 1000), endTime: new Date(start.getTime() + 1007), requestParam: '{"n":2}' },
    ]);
    const ids = (await db.select({ id: interfaceLog.id }).from(interfaceLog).orderBy(desc(interfaceLog.id))).map((row) => row.id);
    const values = [interfaceLog.id, isoTime(interfaceLog.startTime), interfaceLog.useTime, interfaceLog.requestParam, interfaceLog.deptId, interfaceLog.interfaceCnName, sql`''`, sql`null::text`];
    const rows = await readCells(db, values, (fields) => db.select(fields).from(interfaceLog).orderBy(desc(interfaceLog.id)));
    expect(rows).toEqual([
      [ids[0], new Date(start.getTime() + 1000).toISOString(), 7, '{"n":2}', null, 'call', '', null],
      [ids[1], start.toISOString(), 7, awkward, null, 'call', '', null],
    ]);
  });

  it('writes each row’s values as texts and its keys after its cells unless they are cells, and gives the last row’s keys for the next page (a time as ISO 8601, an id as a number)', async () => {
    const { db } = server.services;
    const start = new Date(Date.UTC(2026, 10, 27, 8, 30, 15, 42));
    const base = { serviceCnName: 'svc', interfaceCnName: 'call', method: 'POST', path: '/api/x', useTime: 7, responseStatus: '200', requestParam: '{}', responseText: '{}' };
    await db.insert(interfaceLog).values([
      { ...base, startTime: start, endTime: start },
      { ...base, startTime: new Date(start.getTime() + 1000), endTime: start },
    ]);
    const [older, newer] = await db.select({ id: interfaceLog.id }).from(interfaceLog).orderBy(interfaceLog.startTime);
    const startTime = isoTime(interfaceLog.startTime);
    const page = await readRowTexts(db, [interfaceLog.useTime, startTime], [startTime, interfaceLog.id], (fields) => db.select(fields).from(interfaceLog).orderBy(desc(interfaceLog.startTime)));
    expect(page.cellCount).toBe(2);
    expect(textsOf(page)).toEqual([`7|2026-11-27 08:30:16.042|${newer!.id}|`, `7|2026-11-27 08:30:15.042|${older!.id}|`]);
    expect([...rowsOf(page)]).toEqual([
      [7, new Date(start.getTime() + 1000).toISOString()],
      [7, start.toISOString()],
    ]);
    expect(page.lastKeys).toEqual([start.toISOString(), older!.id]);
    const none = await readRowTexts(db, [interfaceLog.useTime], [interfaceLog.id], (fields) => db.select(fields).from(interfaceLog).where(eq(interfaceLog.useTime, -1)));
    expect(textsOf(none)).toEqual([]);
    expect(none.lastKeys).toBeNull();
  });

  it('writes a time as toISOString does, its microseconds cut as to_char cut them', async () => {
    const { db } = server.services;
    const base = { serviceCnName: 'svc', interfaceCnName: 'call', method: 'POST', path: '/api/x', useTime: 1, responseStatus: '200', requestParam: '{}', responseText: '{}' };
    const stored = ['2026-11-27 08:30:15+00', '2026-11-27 08:30:15.1+00', '2026-11-27 08:30:15.12+00', '2026-11-27 08:30:15.123999+00', '2026-11-27 23:59:59.9995+01'];
    for (const [at, time] of stored.entries()) await db.insert(interfaceLog).values({ ...base, useTime: at, startTime: sql`${time}::timestamptz`, endTime: sql`${time}::timestamptz` });
    const expected = ['2026-11-27T08:30:15.000Z', '2026-11-27T08:30:15.100Z', '2026-11-27T08:30:15.120Z', '2026-11-27T08:30:15.123Z', '2026-11-27T22:59:59.999Z'];
    const read = await readCells(db, [isoTime(interfaceLog.startTime)], (fields) => db.select(fields).from(interfaceLog).orderBy(interfaceLog.useTime));
    expect(read.flat()).toEqual(expected);
    const byToChar = await db
      .select({ text: sql<string>`to_char(${interfaceLog.startTime} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` })
      .from(interfaceLog)
      .orderBy(interfaceLog.useTime);
    expect(byToChar.map((row) => row.text)).toEqual(expected);
  });

  it('writes a text as its length in UTF-8 and the text, whatever it holds', async () => {
    const { db } = server.services;
    const texts = ['12:34|56', ':', '|', '9', '字:🚚|', ''];
    const page = await readRowTexts(db, [...texts.map((text) => sql`${text}::text`), sql`null::text`], [], (fields) => db.select(fields).from(sql`(select 1) as one`));
    expect(textsOf(page)).toEqual(['8:12:34|561::1:|1:99:字:🚚|0::']);
    expect([...rowsOf(page)]).toEqual([[...texts, null]]);
  });

  it('gives a json column as the database’s text of it, as the export writes it', async () => {
    const { db } = server.services;
    server.services.audit.operationLog.push({
      entryType: 'update',
      operUserName: 'u',
      operLoginName: 'l',
      operLocation: '',
      operIp: '127.0.0.1',
      operDeptId: null,
      operationContent: 'c',
      beforeOperation: null,
      afterOperation: { z: [1, 'ü'], a: { b: true } },
      operationTime: new Date(Date.UTC(2026, 0, 1)),
    });
    await server.services.audit.flush();
    const values = [operationLog.beforeOperation, operationLog.afterOperation, isoTime(operationLog.operationTime)];
    const rows = await readCells(db, values, (fields) => db.select(fields).from(operationLog).where(eq(operationLog.operationContent, 'c')));
    expect(rows).toEqual([[null, '{"a": {"b": true}, "z": [1, "ü"]}', '2026-01-01T00:00:00.000Z']]);
  });

  it('cuts a long text to its first characters in the database, counting characters, not UTF-16 units', async () => {
    const { db } = server.services;
    const base = { serviceCnName: 'svc', interfaceCnName: 'call', method: 'POST', path: '/api/x', useTime: 1, responseStatus: '200', requestParam: '{}' };
    const start = new Date(Date.UTC(2026, 10, 27, 8, 0, 0));
    await db.insert(interfaceLog).values({ ...base, startTime: start, endTime: start, responseText: '🚚字a🚚bc' });
    const rows = await readCells(
      db,
      [leadingText(interfaceLog.responseText, 4), leadingText(interfaceLog.requestParam, 4), leadingText(sql`'abcd'`, 4), leadingText(sql`'字字字字'`, 4), leadingText(sql`null::text`, 4)],
      (fields) => db.select(fields).from(interfaceLog),
    );
    expect(rows).toEqual([['🚚字a🚚', '{}', 'abcd', '字字字字', null]]);
  });

  it('refuses a transaction, which has no client of its own to read with', async () => {
    const { db } = server.services;
    await expect(db.transaction((tx) => readCells(tx, [interfaceLog.id], (fields) => tx.select(fields).from(interfaceLog)))).rejects.toThrow('readRowTexts needs the database itself');
  });
});
