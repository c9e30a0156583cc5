import { desc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { interfaceLog } from './schema';
import { isoTimeText, valueRows } from './value-rows';

describe('rows as arrays of cells (what an export reads)', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  it('gives each row its values in the select’s order, ids as numbers and times as toISOString writes them', async () => {
    const { db } = server.services;
    const start = new Date(Date.UTC(2026, 10, 27, 8, 30, 15, 42));
    const base = { serviceCnName: 'svc', interfaceCnName: 'call', method: 'POST', path: '/api/x', useTime: 7, responseStatus: '200', requestParam: '{}', responseText: '{}' };
    await db.insert(interfaceLog).values([
      { ...base, startTime: start, endTime: new Date(start.getTime() + 7) },
      { ...base, startTime: new Date(start.getTime() + 1000), endTime: new Date(start.getTime() + 1007), requestParam: '{"n":2}' },
    ]);
    const stored = await db.select({ id: interfaceLog.id }).from(interfaceLog).orderBy(desc(interfaceLog.id));
    const rows = await valueRows(
      db,
      db
        .select({ id: interfaceLog.id, startTime: isoTimeText(interfaceLog.startTime), useTime: interfaceLog.useTime, requestParam: interfaceLog.requestParam })
        .from(interfaceLog)
        .orderBy(desc(interfaceLog.id)),
    );
    expect(rows).toEqual([
      [stored[0]!.id, new Date(start.getTime() + 1000).toISOString(), 7, '{"n":2}'],
      [stored[1]!.id, start.toISOString(), 7, '{}'],
    ]);
    expect(typeof rows[0]![0]).toBe('number');
  });

  it('refuses a transaction, which has no client of its own to ask for arrays', async () => {
    const { db } = server.services;
    await expect(db.transaction((tx) => valueRows(tx as typeof db, tx.select({ id: interfaceLog.id }).from(interfaceLog)))).rejects.toThrow('valueRows needs the database itself');
  });
});
