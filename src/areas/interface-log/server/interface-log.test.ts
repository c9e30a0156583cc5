import readXlsxFile from 'read-excel-file/node';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { and, desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { API_PREFIX, Header } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import { fillPath } from '../../../shared/contract/endpoint';
import { type InterfaceLogRow } from '../contract';
import { SIGN_IN_INTERFACE_NAMES } from '../../../shared/contract/endpoint-names';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../../shared/defaults';
import { Perm } from '../../../shared/permissions';
import type { InterfaceLogRow as StoredInsert } from '../../../server/audit/audit';
import { interfaceLog } from '../../../server/db/schema';
import { deptIdOf, signInAdminActor, signInBranchAdmin, signInOperator, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';
import { purgeOldInterfaceLogs } from '../../../server/audit/interface-log-retention';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

const SERVICE = 'fixture';
const BASE_TIME = Date.parse('2026-03-01T08:00:00.000Z');
const MINUTE = 60_000;

/** Fixture calls, the n-th starting n minutes after BASE_TIME; every one is named by the fixture service. */
async function insertCalls(count: number, row: (n: number) => Partial<StoredInsert> = () => ({})): Promise<void> {
  const rows = Array.from({ length: count }, (_, n): StoredInsert => {
    const start = new Date(BASE_TIME + n * MINUTE);
    return {
      appId: DEFAULT_CLIENT_ID,
      serviceCnName: SERVICE,
      interfaceCnName: `call ${n}`,
      method: 'POST',
      path: `/api/fixture/${n}`,
      userId: '',
      deptId: null,
      startTime: start,
      endTime: new Date(start.getTime() + 5),
      useTime: 5,
      ip: '10.0.0.1',
      deviceId: '',
      modelInfo: '',
      responseStatus: '200',
      requestParam: `{"n":${n}}`,
      responseText: `{"code":"00000","data":${n}}`,
      ...row(n),
    };
  });
  for (let at = 0; at < rows.length; at += 500) await server.services.db.insert(interfaceLog).values(rows.slice(at, at + 500));
}

async function list(input: Partial<Parameters<typeof server.call<typeof api.interfaceLog.list>>[1]>, actor: Actor = admin) {
  return server.call(api.interfaceLog.list, { page: 1, limit: 10, serviceName: SERVICE, ...input }, actor.as);
}

const names = (rows: readonly InterfaceLogRow[] | undefined) => (rows ?? []).map((r) => r.interfaceCnName);

describe('interface call list', () => {
  it('lists newest first with the columns, the app and user names and an exact total', async () => {
    await insertCalls(3, (n) => (n === 1 ? { userId: String(admin.userId), responseStatus: 'A0400', useTime: 900 } : {}));
    const answer = await list({});
    expect(answer.code).toBe(ResponseCode.Success);
    expect(answer.data).toMatchObject({ total: 3, current: 1, pages: 1, size: 10 });
    expect(names(answer.data!.records)).toEqual(['call 2', 'call 1', 'call 0']);
    expect(answer.data!.records[1]).toMatchObject({
      appId: DEFAULT_CLIENT_ID,
      userId: String(admin.userId),
      userName: 'admin',
      responseStatus: 'A0400',
      useTime: 900,
      startTime: new Date(BASE_TIME + MINUTE).toISOString(),
    });
    expect(answer.data!.records[1]!.appName).not.toBe('');
    expect(answer.data!.records[1]).not.toHaveProperty('requestParam');
  });

  it('filters by every field of the screen', async () => {
    await insertCalls(
      6,
      (n) =>
        [
          { appId: 'other-app' },
          { interfaceCnName: 'Save the waybill' },
          { responseStatus: 'B0001' },
          { useTime: 1500 },
          { userId: String(admin.userId), ip: '192.168.7.9' },
          { deviceId: 'PDA-0042', modelInfo: 'Zebra TC52' },
        ][n]!,
    );
    const only = async (filters: Record<string, unknown>) => names((await list(filters)).data?.records);
    expect(await only({ appId: 'other-app' })).toEqual(['call 0']);
    expect(await only({ interfaceName: 'waybill' })).toEqual(['Save the waybill']);
    expect(await only({ responseStatus: 'B0001' })).toEqual(['call 2']);
    expect(await only({ useTime: 1000 })).toEqual(['call 3']);
    expect(await only({ userId: String(admin.userId) })).toEqual(['call 4']);
    expect(await only({ userId: 'admi' })).toEqual(['call 4']);
    expect(await only({ ip: '192.168.' })).toEqual(['call 4']);
    expect(await only({ deviceId: 'pda-00' })).toEqual(['call 5']);
    expect(await only({ modelInfo: 'tc52' })).toEqual(['call 5']);
    const from = new Date(BASE_TIME + 2 * MINUTE).toISOString();
    const to = new Date(BASE_TIME + 3 * MINUTE).toISOString();
    expect(await only({ startTime: from, endTime: to })).toEqual(['call 3', 'call 2']);
    expect((await list({ serviceName: 'no such service' })).data).toMatchObject({ records: [], total: 0 });
  });

  it('filters by outcome: normal calls (200) or abnormal ones (any other status)', async () => {
    await insertCalls(3, (n) => ({ responseStatus: ['200', 'A0400', '500'][n] }));
    expect(names((await list({ outcome: 'normal' })).data?.records)).toEqual(['call 0']);
    expect(names((await list({ outcome: 'abnormal' })).data?.records)).toEqual(['call 2', 'call 1']);
    const refused = await list({ outcome: 'broken' as 'normal' });
    expect(refused.code).toBe(ResponseCode.InvalidInput);
    expect(refused.msg).toContain('outcome');
  });

  it('pages exactly as OFFSET would at any depth, with calls added (some logged late) and purged between calls', async () => {
    await insertCalls(430, (n) => ({ responseStatus: n % 3 === 0 ? 'A0400' : '200' }));
    const byOffset = async (status?: string) =>
      (
        await server.services.db
          .select({ id: interfaceLog.id })
          .from(interfaceLog)
          .where(and(eq(interfaceLog.serviceCnName, SERVICE), status ? eq(interfaceLog.responseStatus, status) : undefined))
          .orderBy(desc(interfaceLog.startTime), desc(interfaceLog.id))
      ).map((r) => r.id);
    const samePages = async (pages: number[], status?: string) => {
      const all = await byOffset(status);
      for (const page of pages) {
        const answer = await list({ page, ...(status && { responseStatus: status }) });
        expect(answer.data!.total).toBe(all.length);
        expect(answer.data!.records.map((r) => r.id)).toEqual(all.slice((page - 1) * 10, page * 10));
      }
    };
    await samePages([1, 2, 11, 25, 42, 43, 44]);
    await samePages([1, 5, 12, 15], 'A0400');
    // Newer calls, and calls that started long ago but ended (and were logged) only now.
    await insertCalls(7, (n) => ({ interfaceCnName: `late ${n}`, startTime: new Date(BASE_TIME + (n * 60 + 30) * MINUTE), responseStatus: 'A0400' }));
    await insertCalls(5, (n) => ({ interfaceCnName: `new ${n}`, startTime: new Date(BASE_TIME + (500 + n) * MINUTE) }));
    await samePages([1, 2, 11, 25, 42, 43, 44]);
    await samePages([1, 5, 12, 15], 'A0400');
    // The retention purge removes the oldest calls: the anchors are rebuilt.
    await purgeOldInterfaceLogs(server.services.db, new Date(BASE_TIME + 90 * 24 * 3600_000 + 150 * MINUTE), 90);
    await samePages([1, 2, 11, 28, 29, 30]);
    await samePages([1, 5, 10], 'A0400');
  });

  it('refuses bad filters naming the field', async () => {
    const bad = async (filters: Record<string, unknown>) => (await server.raw('POST', `${API_PREFIX}${api.interfaceLog.list.path}`, filters, { ...admin.as, language: 'en_US' })).body;
    expect(await bad({ startTime: '2026-13-01 10:00:00' })).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'startTime: must be a valid date and time (YYYY-MM-DD HH:mm:ss)' });
    expect(await bad({ startTime: '2026-03-02T00:00:00Z', endTime: '2026-03-01T00:00:00Z' })).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'endTime: the end lies before the start' });
    expect(await bad({ useTime: -1 })).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'useTime: must be a whole number of milliseconds from 0' });
  });

  it('answers one call with its request and response', async () => {
    await insertCalls(1);
    const [row] = (await list({})).data!.records;
    const info = await server.call(api.interfaceLog.info, { id: row!.id }, admin.as);
    expect(info.data).toMatchObject({ id: row!.id, requestParam: '{"n":0}', responseText: '{"code":"00000","data":0}' });
    expect((await server.call(api.interfaceLog.info, { id: 987_654_321 }, admin.as)).code).toBe(ResponseCode.NotFound);
  });

  it('gives the applications of the application centre for the filter', async () => {
    const apps = await server.call(api.interfaceLog.apps, {}, admin.as);
    expect(apps.data!.map((a) => a.appId)).toContain(DEFAULT_CLIENT_ID);
  });
});

describe("Home's figures", () => {
  const signIn = async (password: string) =>
    server.call(api.auth.token, { grant_type: 'password', client_id: DEFAULT_CLIENT_ID, client_secret: DEFAULT_CLIENT_SECRET, username: 'admin', password: await server.seal(password) });

  it('counts failed sign-ins since today began and failed calls of the last hour, as the list finds them with the filters answered', async () => {
    expect((await signIn('not the password')).code).not.toBe(ResponseCode.Success);
    const refresh = await server.call(api.auth.token, { grant_type: 'refresh_token', client_id: DEFAULT_CLIENT_ID, client_secret: DEFAULT_CLIENT_SECRET, refresh_token: 'no-such-token' });
    expect(refresh.code).not.toBe(ResponseCode.Success);
    const now = server.clock.now().getTime();
    // A forced password change is a right password, and a permission refusal a guard doing its work: neither failed.
    const calls = [
      { minutes: 10, responseStatus: 'A0400' },
      { minutes: 30, responseStatus: '200' },
      { minutes: 90, responseStatus: 'B0001' },
      { minutes: 5, responseStatus: ResponseCode.MustChangePassword, interfaceCnName: `${SIGN_IN_INTERFACE_NAMES.en_US} forced change` },
      { minutes: 5, responseStatus: ResponseCode.Forbidden },
      { minutes: 5, responseStatus: ResponseCode.Unauthorized },
    ];
    await insertCalls(calls.length, (n) => ({
      startTime: new Date(now - calls[n]!.minutes * MINUTE),
      responseStatus: calls[n]!.responseStatus,
      ...(calls[n]!.interfaceCnName ? { interfaceCnName: calls[n]!.interfaceCnName } : {}),
    }));
    await server.services.audit.flush();

    const figures = await server.call(api.interfaceLog.figures, {}, admin.as);
    expect(figures.code).toBe(ResponseCode.Success);
    const data = figures.data!;
    // The wrong password is a failed sign-in; the refused refresh is not, but both are failed calls of the last hour.
    expect(data.failedSignIns).toBe(1);
    expect(data.recentErrors).toBeGreaterThanOrEqual(2);
    expect(Date.parse(data.recentErrorsFrom)).toBeCloseTo(now - 60 * MINUTE, -4);
    expect(new Date(data.failedSignInsFrom).getHours()).toBe(0);

    const signIns = await list({ serviceName: undefined, interfaceName: SIGN_IN_INTERFACE_NAMES.en_US, outcome: 'failed', startTime: data.failedSignInsFrom });
    expect(signIns.data!.total).toBe(data.failedSignIns);
    expect(signIns.data!.records[0]).toMatchObject({ interfaceCnName: 'Sign in with password', path: '/api/auth/oauth/token' });
    const errors = await list({ serviceName: undefined, outcome: 'failed', startTime: data.recentErrorsFrom });
    expect(errors.data!.total).toBe(data.recentErrors);
    expect(names(errors.data!.records)).toContain('call 0');
    expect(names(errors.data!.records)).not.toContain('call 2');
    expect(names(errors.data!.records)).not.toContain(`${SIGN_IN_INTERFACE_NAMES.en_US} forced change`);
    expect(names(errors.data!.records)).not.toContain('call 4');
    expect(names(errors.data!.records)).not.toContain('call 5');
    expect(names(errors.data!.records)).toContain('Refresh session');
    // Every abnormal call is still listed as abnormal.
    const abnormal = await list({ outcome: 'abnormal', startTime: data.recentErrorsFrom });
    expect(names(abnormal.data!.records).sort()).toEqual([`${SIGN_IN_INTERFACE_NAMES.en_US} forced change`, 'call 0', 'call 4', 'call 5']);
  });

  it('counts for a branch role only the calls of its subtree (a failed sign-in has no organisation)', async () => {
    const branch = await signInBranchAdmin(server, { username: 'figures', keys: [Perm.interfaceLogView] });
    const east = await deptIdOf(server, '华东分公司');
    expect((await signIn('not the password')).code).not.toBe(ResponseCode.Success);
    const now = server.clock.now().getTime();
    await insertCalls(2, (n) => ({ startTime: new Date(now - MINUTE), responseStatus: 'A0400', deptId: [east, null][n] }));
    await server.services.audit.flush();
    const figures = await server.call(api.interfaceLog.figures, {}, branch.as);
    expect(figures.data).toMatchObject({ failedSignIns: 0, recentErrors: 1 });
    const operator = await signInOperator(server);
    expect((await server.call(api.interfaceLog.figures, {}, operator.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('organisation scope and permissions', () => {
  it('shows a branch role the calls of its subtree only, never calls without an organisation', async () => {
    const branch = await signInBranchAdmin(server, { username: 'ifviewer', keys: [Perm.interfaceLogView, Perm.interfaceLogExport] });
    const east = await deptIdOf(server, '华东分公司');
    const outside = await deptIdOf(server, '华南分公司');
    await insertCalls(3, (n) => ({ deptId: [east, outside, null][n] }));
    expect(names((await list({}, branch)).data!.records)).toEqual(['call 0']);
    expect(names((await list({})).data!.records)).toEqual(['call 2', 'call 1', 'call 0']);

    const all = (await list({})).data!.records;
    const idOf = (name: string) => all.find((r) => r.interfaceCnName === name)!.id;
    expect((await server.call(api.interfaceLog.info, { id: idOf('call 1') }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.interfaceLog.info, { id: idOf('call 2') }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.interfaceLog.info, { id: idOf('call 0') }, branch.as)).code).toBe(ResponseCode.Success);

    const refused = await exportCall({ roleId: branch.roleId, ids: `${idOf('call 0')},${idOf('call 1')}` }, branch);
    expect(refused.json()).toMatchObject({ code: ResponseCode.OutOfScope });
    const exported = await exportCall({ roleId: branch.roleId, serviceName: SERVICE }, branch);
    expect((await sheetRows(exported.rawPayload)).length).toBe(2);
  });

  it('refuses a role without the keys, and an export without the export key', async () => {
    const operator = await signInOperator(server);
    for (const answer of await Promise.all([list({}, operator), server.call(api.interfaceLog.apps, {}, operator.as), server.call(api.interfaceLog.info, { id: 1 }, operator.as)])) {
      expect(answer.code).toBe(ResponseCode.Forbidden);
    }
    const viewer = await signInBranchAdmin(server, { username: 'ifonlyview', keys: [Perm.interfaceLogView] });
    expect((await list({}, viewer)).code).toBe(ResponseCode.Success);
    expect((await exportCall({ roleId: viewer.roleId }, viewer)).json()).toMatchObject({ code: ResponseCode.Forbidden });
  });
});

// ----- Export -----

function exportCall(body: Record<string, unknown>, actor: Actor = admin, language = 'en_US') {
  return server.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${api.interfaceLog.export.path}`,
    payload: body,
    headers: { [Header.Authorization]: `Bearer ${actor.token}`, [Header.Role]: String(actor.roleId), [Header.Language]: language },
  });
}

async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v)))));
  return rows;
}

describe("names in the reader's language (issue 47)", () => {
  it("stores the contract's keys, names them in the reader's language, and finds them by a Chinese name", async () => {
    await insertCalls(2, (n) => ({ serviceCnName: 'user', interfaceCnName: n === 0 ? 'user.add' : 'Add a user' }));
    await insertCalls(1, () => ({ serviceCnName: 'user', interfaceCnName: 'user.delete' }));
    const zh = await server.call(api.interfaceLog.list, { page: 1, limit: 10, interfaceName: '新增用户' }, { ...admin.as, language: 'zh_CN' });
    expect(zh.data!.total).toBe(2);
    expect(zh.data!.records.map((r) => [r.serviceCnName, r.interfaceCnName])).toEqual([
      ['用户管理', '新增用户'],
      ['用户管理', '新增用户'],
    ]);
    const byService = await server.call(api.interfaceLog.list, { page: 1, limit: 10, serviceName: 'Benutzer', interfaceName: 'löschen' }, { ...admin.as, language: 'de_DE' });
    expect(byService.data!.records.map((r) => r.interfaceCnName)).toEqual(['Benutzer löschen']);
  });

  it("exports translated names and the start and end as date cells in the workstation's time zone", async () => {
    await insertCalls(1, () => ({ serviceCnName: 'user', interfaceCnName: 'user.add' }));
    const answer = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${api.interfaceLog.export.path}`,
      payload: { roleId: admin.roleId, serviceName: '用户' },
      headers: { [Header.Authorization]: `Bearer ${admin.token}`, [Header.Role]: String(admin.roleId), [Header.Language]: 'zh_CN', [Header.TimeZone]: 'Asia/Shanghai' },
    });
    expect(answer.statusCode).toBe(200);
    const [sheet] = await readXlsxFile(answer.rawPayload);
    const [header, row] = sheet!.data;
    expect(header).toContain('接口名称');
    expect(row![2]).toBe('用户管理');
    expect(row![3]).toBe('新增用户');
    // 08:00 UTC is 16:00 in Shanghai: the cell is a date whose (UTC) fields are the wall-clock time shown.
    expect(row![5]).toBeInstanceOf(Date);
    expect((row![5] as unknown as Date).toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });

  it('refuses an export for a time zone it does not know, naming it', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${api.interfaceLog.export.path}`,
      payload: { roleId: admin.roleId },
      headers: { [Header.Authorization]: `Bearer ${admin.token}`, [Header.Role]: String(admin.roleId), [Header.Language]: 'en_US', [Header.TimeZone]: 'Mars/Olympus' },
    });
    expect(answer.json()).toMatchObject({ code: ResponseCode.InvalidInput, msg: expect.stringContaining('Mars/Olympus') });
  });
});

describe('interface call export', () => {
  it('streams the filtered calls as .xlsx with the headers in the caller’s language, and counts its rows', async () => {
    await insertCalls(2500, (n) => ({ responseStatus: n % 2 ? '200' : 'A0400' }));
    const progressKey = randomUUID();
    const answer = await exportCall({ roleId: admin.roleId, serviceName: SERVICE, responseStatus: 'A0400', progressKey });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(String(answer.headers['content-disposition'])).toMatch(/interface-monitoring-\d{8}-\d{6}\.xlsx/);
    const rows = await sheetRows(answer.rawPayload);
    expect(rows[0]).toEqual(['ID', 'App', 'Service', 'Interface', 'User', 'Start time', 'End time', 'Duration (ms)', 'IP', 'Device number', 'Device model', 'Status', 'Request', 'Response']);
    expect(rows).toHaveLength(1251);
    expect(rows[1]!.slice(3, 4)).toEqual(['call 2498']);
    expect(rows.slice(1).every((r) => r[11] === 'A0400')).toBe(true);
    expect((await server.call(api.interfaceLog.exportProgress, { progressKey }, admin.as)).data).toEqual({ rows: 1250, total: 1250, done: true });

    const german = await sheetRows((await exportCall({ roleId: admin.roleId, serviceName: 'nothing matches' }, admin, 'de_DE')).rawPayload);
    expect(german).toEqual([['ID', 'Anwendung', 'Dienst', 'Schnittstelle', 'Benutzer', 'Beginn', 'Ende', 'Dauer (ms)', 'IP', 'Gerätenummer', 'Gerätemodell', 'Status', 'Anfrage', 'Antwort']]);
  });

  it('counts the rows for its progress exactly, whether or not the list of the same filters was read first', async () => {
    await insertCalls(300, (n) => ({ responseStatus: n % 3 ? '200' : 'A0400' }));
    const totalOf = async (filters: Record<string, unknown>) => {
      const progressKey = randomUUID();
      expect((await exportCall({ roleId: admin.roleId, serviceName: SERVICE, ...filters, progressKey })).statusCode).toBe(200);
      return ((await server.call(api.interfaceLog.exportProgress, { progressKey }, admin.as)).data as { total: number }).total;
    };
    // No list read: counted on its own.
    expect(await totalOf({ responseStatus: 'A0400' })).toBe(100);
    // The list read first: its count, kept up to date with the rows added since.
    expect((await list({ responseStatus: '200' })).data?.total).toBe(200);
    await insertCalls(30, () => ({ responseStatus: '200' }));
    expect(await totalOf({ responseStatus: '200' })).toBe(230);
    expect(await totalOf({ responseStatus: 'A0400' })).toBe(100);
  });

  it('writes each call as its cells: the id and duration as numbers, the times as date cells (UTC without a time zone header), a response past a cell’s 32,767 characters clipped', async () => {
    const long = `{"text":"${'字'.repeat(40_000)}"}`;
    await insertCalls(2, (n) => ({ ...(n === 1 && { responseText: long }), userId: `user-${n}`, ip: `10.0.0.${n + 7}`, deviceId: `PDA-${n}`, modelInfo: 'TC52' }));
    const records = (await list({})).data!.records;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportCall({ roleId: admin.roleId, serviceName: SERVICE })).rawPayload as unknown as ArrayBuffer);
    const cells = (row: number) => (workbook.worksheets[0]!.getRow(row).values as unknown[]).slice(1);
    const start = new Date(BASE_TIME + MINUTE);
    expect(cells(2)).toEqual([
      records[0]!.id,
      DEFAULT_CLIENT_ID,
      SERVICE,
      'call 1',
      'user-1',
      start,
      new Date(start.getTime() + 5),
      5,
      '10.0.0.8',
      'PDA-1',
      'TC52',
      '200',
      '{"n":1}',
      long.slice(0, 32_767),
    ]);
    expect(cells(3)).toEqual([
      records[1]!.id,
      DEFAULT_CLIENT_ID,
      SERVICE,
      'call 0',
      'user-0',
      new Date(BASE_TIME),
      new Date(BASE_TIME + 5),
      5,
      '10.0.0.7',
      'PDA-0',
      'TC52',
      '200',
      '{"n":0}',
      '{"code":"00000","data":0}',
    ]);
  });

  it('exports every call once when start times differ by microseconds across its pages (the sheet shows milliseconds)', async () => {
    // 2,500 calls within 3 ms: page boundaries fall inside a millisecond, where a seek by the sheet's time loses rows.
    await insertCalls(2500);
    await server.services.db.execute(
      sql`update ${interfaceLog} set start_time = ${new Date(BASE_TIME).toISOString()}::timestamptz + substring(${interfaceLog.interfaceCnName} from 6)::int * interval '1 microsecond' where ${interfaceLog.serviceCnName} = ${SERVICE}`,
    );
    const rows = await sheetRows((await exportCall({ roleId: admin.roleId, serviceName: SERVICE })).rawPayload);
    expect(rows.slice(1).map((row) => row[3])).toEqual(Array.from({ length: 2500 }, (_, n) => `call ${2499 - n}`));
    expect(rows[1]![5]).toBe(new Date(BASE_TIME + 2).toISOString());
  });

  it('exports the chosen rows only, and refuses another role’s id or unknown rows', async () => {
    await insertCalls(5);
    const records = (await list({})).data!.records;
    const chosen = [records[0]!.id, records[3]!.id];
    const rows = await sheetRows((await exportCall({ roleId: admin.roleId, ids: chosen.join(',') })).rawPayload);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(chosen);
    expect((await exportCall({ roleId: admin.roleId, ids: '987654321' })).json()).toMatchObject({ code: ResponseCode.NotFound });
    expect((await exportCall({ roleId: admin.roleId + 1000 })).json()).toMatchObject({ code: ResponseCode.OutOfScope });
    expect((await exportCall({})).json()).toMatchObject({ code: ResponseCode.InvalidInput });
  });

  it('answers other calls while a long export runs: its own progress polls answer before it ends', async () => {
    // Long enough that an export holding the server's thread (PGlite answers a page within the turn in which the
    // writer thread asks for it) would leave the polls' timers waiting until its end, as the desktop's progress did once.
    const calls = 20_000;
    await server.services.db.execute(sql`
      insert into log_interface (app_id, service_cn_name, interface_cn_name, method, path, start_time, end_time, use_time, response_status, request_param, response_text)
      select ${DEFAULT_CLIENT_ID}, ${SERVICE}, 'call ' || n, 'POST', '/api/fixture/' || n, ${new Date(BASE_TIME).toISOString()}::timestamptz + n * interval '1 minute',
        ${new Date(BASE_TIME + 5).toISOString()}::timestamptz + n * interval '1 minute', 5, '200', '{"n":' || n || '}', '{"code":"00000","data":' || n || '}'
      from generate_series(1, ${calls}) as n`);
    const baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { [Header.Authorization]: `Bearer ${admin.token}`, [Header.Role]: String(admin.roleId), [Header.Language]: 'en_US' };
    const progressKey = randomUUID();
    let ended = false;
    const exported = fetch(`${baseUrl}${API_PREFIX}${api.interfaceLog.export.path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ roleId: admin.roleId, serviceName: SERVICE, progressKey }),
    })
      .then((response) => response.arrayBuffer())
      .finally(() => {
        ended = true;
      });
    const progressUrl = `${baseUrl}${API_PREFIX}${fillPath(api.interfaceLog.exportProgress.path, { progressKey }).path}`;
    const midway: number[] = [];
    while (!ended) {
      const poll = (await (await fetch(progressUrl, { headers })).json()) as { data?: { rows: number; done: boolean } };
      if (!ended && poll.data && !poll.data.done && poll.data.rows > 0 && poll.data.rows < calls) midway.push(poll.data.rows);
      await delay(20);
    }
    expect((await sheetRows(Buffer.from(await exported))).length).toBe(calls + 1);
    // A page is 1,000 rows: the polls saw it move page by page (none midway when the export held the thread).
    expect(new Set(midway).size).toBeGreaterThanOrEqual(3);
  });

  it('shows an export’s progress to its own user only', async () => {
    const progressKey = randomUUID();
    await exportCall({ roleId: admin.roleId, serviceName: SERVICE, progressKey });
    const other = await signInBranchAdmin(server, { username: 'ifother', keys: [Perm.interfaceLogView, Perm.interfaceLogExport] });
    expect((await server.call(api.interfaceLog.exportProgress, { progressKey }, other.as)).code).toBe(ResponseCode.NotFound);
    expect((await server.call(api.interfaceLog.exportProgress, { progressKey }, admin.as)).data).toEqual({ rows: 0, total: 0, done: true });
  });
});

describe('retention', () => {
  it('removes the calls older than the retention in batches and keeps the newer ones', async () => {
    const now = new Date(BASE_TIME + 100 * 24 * 3600_000);
    // Calls 0-6 started 100 days before `now`, calls 7-9 within the last 30 days.
    await insertCalls(10, (n) => (n >= 7 ? { startTime: new Date(now.getTime() - (n - 6) * 24 * 3600_000) } : {}));
    expect(await purgeOldInterfaceLogs(server.services.db, now, 90, 3)).toBe(7);
    expect(names((await list({})).data!.records).sort()).toEqual(['call 7', 'call 8', 'call 9']);
    expect(await purgeOldInterfaceLogs(server.services.db, now, 0)).toBe(0);
    // A call exactly one retention period old is kept.
    expect(await purgeOldInterfaceLogs(server.services.db, now, 1)).toBe(2);
    expect(names((await list({})).data!.records)).toEqual(['call 7']);
  });
});
