import { eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { API_PREFIX, Header } from '../../shared/constants';
import { api } from '../../shared/contract';
import { auditDeadLetter, interfaceLog, operationLog, user } from '../db/schema';
import { deptIdOf, signInAdminActor, type Actor } from '../testing/actors';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

/** Interface rows of calls that carried `marker` as their device id: the neighbours of a bad row. */
async function rowsMarked(marker: string) {
  return server.services.db.select().from(interfaceLog).where(eq(interfaceLog.deviceId, marker));
}

/** Two ordinary calls around `bad`, all at once so that they share a batch; then everything is written. */
async function withNeighbours(marker: string, bad: () => Promise<unknown>): Promise<void> {
  const neighbour = () => server.call(api.auth.messengerConfig, {}, { headers: { [Header.DeviceId]: marker } });
  await Promise.all([neighbour(), bad(), neighbour()]);
  await server.services.audit.flush();
}

describe('audit values longer than their columns', () => {
  it('keeps the row of a 150-character path and the rows batched with it', async () => {
    const path = `${API_PREFIX}/${'p'.repeat(150 - API_PREFIX.length - 1)}`;
    expect(path).toHaveLength(150);
    await withNeighbours('neighbour-path', () => server.raw('GET', path));
    const rows = await server.services.db.select().from(interfaceLog).where(eq(interfaceLog.path, path));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.interfaceCnName.length).toBeLessThanOrEqual(100);
    expect(rows[0]!.responseStatus).toBe(ResponseCode.NotFound);
    expect(await rowsMarked('neighbour-path')).toHaveLength(2);
    expect(server.services.audit.counts().interface).toMatchObject({ deadLettered: 0, dropped: 0 });
  });

  it('keeps the row of a 101-character x-device-id', async () => {
    const deviceId = 'd'.repeat(101);
    await withNeighbours('neighbour-device', () => server.call(api.auth.messengerConfig, {}, { headers: { [Header.DeviceId]: deviceId } }));
    const rows = await server.services.db.select().from(interfaceLog).where(like(interfaceLog.deviceId, 'ddd%'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deviceId.length).toBeLessThanOrEqual(100);
    expect(await rowsMarked('neighbour-device')).toHaveLength(2);
  });

  it('keeps the row of a 300-character x-device-model', async () => {
    const model = 'm'.repeat(300);
    await withNeighbours('neighbour-model', () => server.call(api.auth.messengerConfig, {}, { headers: { [Header.DeviceModel]: model, [Header.DeviceId]: 'long-model' } }));
    const rows = await rowsMarked('long-model');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.modelInfo).toMatch(/^m+… \(300 characters\)$/);
    expect(rows[0]!.modelInfo.length).toBeLessThanOrEqual(100);
    expect(await rowsMarked('neighbour-model')).toHaveLength(2);
  });

  it('keeps the operation-log row of a bulk delete of 8 users with long names', async () => {
    const admin: Actor = await signInAdminActor(server);
    const deptId = await deptIdOf(server, '财务部');
    const usernames = Array.from({ length: 8 }, (_, i) => `departing_user_with_long_name_${i}`.slice(0, 32));
    const inserted = await server.services.db
      .insert(user)
      .values(usernames.map((username) => ({ username, name: '离职员工', deptId, passwordHash: 'not-a-hash' })))
      .returning({ userId: user.userId });
    await server.services.audit.flush();
    const answer = await server.call(api.user.delete, { userIds: inserted.map((r) => r.userId).join(',') }, admin.as);
    expect(answer.code).toBe(ResponseCode.Success);
    await server.services.audit.flush();
    const logged = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'delete'));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.operationContent.length).toBeLessThanOrEqual(200);
    expect(logged[0]!.operationContent).toMatch(/^删除用户 departing_user_with_long_name_0、.*…$/);
    expect((logged[0]!.beforeOperation as Array<{ username: string }>).map((u) => u.username).sort()).toEqual(usernames);
    // The interface row of the same call went in too.
    const calls = await server.services.db
      .select()
      .from(interfaceLog)
      .where(eq(interfaceLog.path, `${API_PREFIX}${api.user.delete.path}`));
    expect(calls).toHaveLength(1);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('stores rows holding NUL characters and lone surrogates, cleaned, beside their neighbours', async () => {
    const audit = server.services.audit;
    const now = server.clock.now();
    const base = {
      serviceCnName: 'test',
      interfaceCnName: 'test',
      method: 'GET',
      path: '/api/test',
      startTime: now,
      endTime: now,
      useTime: 1,
      responseStatus: '200',
      requestParam: '{}',
      responseText: '{}',
    };
    audit.interfaceLog.push({ ...base, deviceId: 'neighbour-text' });
    audit.interfaceLog.push({ ...base, deviceId: 'bad\u0000text\ud800', requestParam: 'nul\u0000 and \udc00 lone', responseText: '\ud83d' });
    audit.interfaceLog.push({ ...base, deviceId: 'neighbour-text' });
    audit.operationLog.push({ entryType: 'update', operationContent: 'change\u0000', beforeOperation: { name: 'a\u0000b', ['k\ud800']: ['\udfff'] }, afterOperation: 'x\u0000', operationTime: now });
    audit.operationLog.push({ entryType: 'update', operationContent: 'neighbour-text', beforeOperation: null, afterOperation: { ok: '😀' }, operationTime: now });
    await audit.flush();

    expect(await rowsMarked('neighbour-text')).toHaveLength(2);
    const bad = (await server.services.db.select().from(interfaceLog).where(like(interfaceLog.deviceId, 'bad%')))[0]!;
    expect(bad).toMatchObject({ deviceId: 'badtext\ufffd', requestParam: 'nul and \ufffd lone', responseText: '\ufffd' });
    const operations = await server.services.db.select().from(operationLog).orderBy(operationLog.id);
    expect(operations.map((r) => [r.operationContent, r.beforeOperation, r.afterOperation])).toEqual([
      ['change', { name: 'ab', ['k\ufffd']: ['\ufffd'] }, 'x'],
      ['neighbour-text', null, { ok: '😀' }],
    ]);
    expect(audit.counts()).toMatchObject({ interface: { written: 3, deadLettered: 0, dropped: 0 }, operation: { written: 2, deadLettered: 0, dropped: 0 } });
  });
});

describe('a row the database refuses', () => {
  it('goes to the dead-letter table, and the rest of its batch is written', async () => {
    const audit = server.services.audit;
    const now = server.clock.now();
    const row = { serviceCnName: 'test', interfaceCnName: 'test', method: 'GET', path: '/api/test', startTime: now, endTime: now, responseStatus: '200', requestParam: '{}', responseText: '{}' };
    audit.interfaceLog.push({ ...row, useTime: 1, deviceId: 'neighbour-refused' });
    // Beyond PostgreSQL's integer: no clipping makes this row fit.
    audit.interfaceLog.push({ ...row, useTime: 2 ** 40, deviceId: 'refused' });
    audit.interfaceLog.push({ ...row, useTime: 1, deviceId: 'neighbour-refused' });
    await audit.flush();

    expect(await rowsMarked('neighbour-refused')).toHaveLength(2);
    const letters = await server.services.db.select().from(auditDeadLetter);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ stream: 'interface', row: { deviceId: 'refused', useTime: 2 ** 40, startTime: now.toISOString() } });
    expect(letters[0]!.error).toMatch(/integer|range/i);
    expect(audit.counts().interface).toEqual({ written: 2, deadLettered: 1, dropped: 0, queued: 0 });
  });
});
