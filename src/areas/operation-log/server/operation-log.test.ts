import readXlsxFile from 'read-excel-file/node';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { API_PREFIX, LOCAL_NETWORK_LOCATION } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import { Perm } from '../../../shared/permissions';
import { anchorChain, CHAIN_GENESIS, chainKeyOf, chainRows, verifyChain } from '../../../server/audit/chain';
import type { OperationLogRow } from '../../../server/audit/audit';
import { dept, interfaceLog, operationLog } from '../../../server/db/schema';
import { deptIdOf, signInAdminActor, signInBranchAdmin, type Actor } from '../../../server/testing/actors';
import { startTestServer, type CallOptions, type TestServer } from '../../../server/testing/harness';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
  await server.services.audit.flush();
});
afterEach(async () => {
  await server.close();
});

function row(index: number, extra: Partial<OperationLogRow> = {}): OperationLogRow {
  return {
    entryType: 'update',
    operUserName: `用户${index}`,
    operLoginName: `login${index}`,
    operLocation: '广东省 广州市',
    operIp: '113.108.0.1',
    operDeptId: null,
    operationContent: `change ${index}`,
    // Keys out of order, nesting, unicode and numbers: jsonb reorders and renormalises them.
    beforeOperation: { z: 1, a: { y: [1, 2.5, 'ü'], b: null }, n: 1e21 },
    afterOperation: { a: { b: true, y: [] }, z: index },
    operationTime: new Date(Date.UTC(2026, 0, 1) + index * 1000),
    ...extra,
  };
}

const chainKey = () => chainKeyOf(server.services.secrets);

async function write(rows: OperationLogRow[]): Promise<void> {
  for (const entry of rows) server.services.audit.operationLog.push(entry);
  await server.services.audit.flush();
}

async function idsNewestFirst(): Promise<number[]> {
  return (await server.services.db.select({ id: operationLog.id }).from(operationLog).orderBy(desc(operationLog.id))).map((r) => r.id);
}

describe('the hash chain', () => {
  it('verifies written rows, then reports a row edited in the database and the row after a deleted one', async () => {
    await write(Array.from({ length: 30 }, (_, i) => row(i)));
    const written = await verifyChain(server.services.db, chainKey(), 7);
    expect(written).toMatchObject({ intact: true });
    expect(written.count).toBeGreaterThanOrEqual(30);

    const ids = (await idsNewestFirst()).reverse();
    const edited = ids[ids.length - 10]!;
    await server.services.db.execute(sql`update log_operation set operation_content = 'x' where id = ${edited}`);
    const afterEdit = await server.call(api.operationLog.verify, {}, admin.as);
    expect(afterEdit.data).toMatchObject({ intact: false, brokenAt: { id: edited }, cause: 'row' });

    await server.services.db.execute(sql`update log_operation set operation_content = ${'change 20'} where id = ${edited}`);
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: true });
    const deleted = ids[ids.length - 5]!;
    await server.services.db.delete(operationLog).where(eq(operationLog.id, deleted));
    expect(await verifyChain(server.services.db, chainKey(), 3)).toMatchObject({ intact: false, brokenAt: { id: ids[ids.length - 4] } });
  });

  it('keeps one chain when a refused row splits its batch: the others are chained, the refused one dead-lettered', async () => {
    await write([row(1), row(2), { ...row(3), entryType: null as never }, row(4)]);
    expect(server.services.audit.counts().operation).toMatchObject({ deadLettered: 1 });
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: true });
    await write([row(5)]);
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: true });
  });

  it('starts after rows older than the chain, and reports a hash removed after it began', async () => {
    await server.services.db.insert(operationLog).values({ entryType: 'add', operationContent: 'before the chain' });
    await server.services.db.execute(sql`update log_operation set hash = null where id = (select min(id) from log_operation)`);
    await write([row(1), row(2)]);
    const report = await verifyChain(server.services.db, chainKey());
    expect(report).toMatchObject({ intact: true });
    expect(report.unchained).toBeGreaterThanOrEqual(1);
    const last = (await idsNewestFirst())[0]!;
    await server.services.db.update(operationLog).set({ hash: null }).where(eq(operationLog.id, last));
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: false, brokenAt: { id: last } });
  });
});

describe('the keyed chain and its anchored head (issue 46 L6)', () => {
  /** The rows as stored, oldest first, with the fields the chain covers. */
  async function storedRows() {
    return server.services.db.select().from(operationLog).orderBy(asc(operationLog.id));
  }

  /** What someone who can write the database but lacks the server's key can do: re-hash every row from `fromIndex` on as the unkeyed chain did. */
  async function rehashWithoutKey(fromIndex: number): Promise<void> {
    const rows = await storedRows();
    const chained = chainRows(
      rows.slice(fromIndex).map(({ id: _id, hash: _hash, ...fields }) => fields),
      rows[fromIndex - 1]?.hash ?? CHAIN_GENESIS,
    );
    for (const [offset, { hash }] of chained.entries())
      await server.services.db
        .update(operationLog)
        .set({ hash })
        .where(eq(operationLog.id, rows[fromIndex + offset]!.id));
  }

  it('detects a tail cut off the log, and a head moved back to hide it', async () => {
    await write(Array.from({ length: 12 }, (_, i) => row(i)));
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: true });
    const ids = (await idsNewestFirst()).reverse();
    await server.services.db.execute(sql`delete from log_operation where id >= ${ids[ids.length - 3]!}`);
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: false, cause: 'tail', brokenAt: { id: ids[ids.length - 1] } });
    const verified = await server.call(api.operationLog.verify, {}, admin.as);
    expect(verified.data).toMatchObject({ intact: false, brokenAt: { id: ids[ids.length - 1] }, cause: 'tail' });

    const remaining = (await storedRows()).at(-1)!;
    await server.services.db.execute(sql`update log_operation_head set last_id = ${remaining.id}, last_hash = ${remaining.hash}`);
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: false, cause: 'head' });
    expect((await server.call(api.operationLog.verify, {}, admin.as)).data).toMatchObject({ intact: false, cause: 'head' });
    await server.services.db.execute(sql`delete from log_operation_head`);
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: false, cause: 'head' });
  });

  it('cannot be recomputed without the server key: an edited row re-hashed by SHA-256 stays broken', async () => {
    await write(Array.from({ length: 8 }, (_, i) => row(i)));
    const rows = await storedRows();
    const index = rows.length - 5;
    await server.services.db.update(operationLog).set({ operationContent: 'rewritten' }).where(eq(operationLog.id, rows[index]!.id));
    await rehashWithoutKey(index);
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: false, cause: 'row', brokenAt: { id: rows[index]!.id } });
    // Another server key does not verify the head either.
    expect(await verifyChain(server.services.db, Buffer.alloc(32, 7))).toMatchObject({ intact: false, cause: 'head' });
  });

  it('keeps verifying rows hashed before the chain was keyed, and the first keyed row seals them', async () => {
    // A log of an earlier release: rows chained by the unkeyed SHA-256, no head.
    await server.services.db.execute(sql`delete from log_operation_head`);
    await server.services.db.execute(sql`delete from log_operation`);
    await server.services.db.insert(operationLog).values(chainRows([row(1), row(2), row(3)].map(storedOf), CHAIN_GENESIS));
    await anchorChain(server.services.db, chainKey());
    await write([row(4), row(5)]);
    const ids = (await storedRows()).map((r) => r.id);
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: true, count: 5, keyedFromId: ids[3] });

    // Re-hashing an edited older row by the old rule is caught at the first keyed row, whose HMAC covers it.
    await server.services.db.update(operationLog).set({ operationContent: 'rewritten' }).where(eq(operationLog.id, ids[1]!));
    await rehashWithoutKey(1);
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: false, cause: 'row' });
  });
});

/** An operation-log row as the chain stores it. */
function storedOf(entry: OperationLogRow) {
  return {
    entryType: entry.entryType,
    operUserId: null,
    operUserName: entry.operUserName ?? '',
    operLoginName: entry.operLoginName ?? '',
    operLocation: entry.operLocation ?? '',
    operIp: entry.operIp ?? '',
    operDeptId: entry.operDeptId ?? null,
    operationContent: entry.operationContent,
    beforeOperation: entry.beforeOperation ?? null,
    afterOperation: entry.afterOperation ?? null,
    operationTime: entry.operationTime ?? new Date(),
  };
}

describe('rows written by calls', () => {
  it('records the caller address, its location and the operator organisation', async () => {
    const saved = await server.call(api.role.add, { roleName: 'Chain role', roleType: 2, deptId: await deptIdOf(server, '华东分公司') }, admin.as);
    expect(saved.code).toBe(ResponseCode.Success);
    await server.services.audit.flush();
    const newest = (await server.services.db.select().from(operationLog).orderBy(desc(operationLog.id)).limit(1))[0]!;
    expect(newest.operIp).toBe('127.0.0.1');
    expect(newest.operLocation).toBe(LOCAL_NETWORK_LOCATION);
    expect(newest.operLoginName).toBe('admin');
    expect(newest.operDeptId).not.toBeNull();
    expect(newest.hash).toMatch(/^[0-9a-f]{64}$/);
    const call = (
      await server.services.db
        .select()
        .from(interfaceLog)
        .where(eq(interfaceLog.path, `${API_PREFIX}${api.role.add.path}`))
        .orderBy(desc(interfaceLog.id))
        .limit(1)
    )[0]!;
    expect(call.deptId).toBe(newest.operDeptId);
  });
});

describe('the list', () => {
  it('pages newest first exactly as OFFSET would, at any depth, with rows added between calls', async () => {
    await write(Array.from({ length: 420 }, (_, i) => row(i, { operLoginName: i % 3 === 0 ? `third${i}` : `login${i}` })));
    const all = await idsNewestFirst();
    for (const pageNo of [1, 2, 11, 25, 42, 43]) {
      const page = await server.call(api.operationLog.list, { pageNo, pageSize: 10 }, admin.as);
      expect(page.data!.total).toBe(all.length);
      expect(page.data!.records.map((r) => r.id)).toEqual(all.slice((pageNo - 1) * 10, pageNo * 10));
    }
    await write([row(1000), row(1001)]);
    const grown = await idsNewestFirst();
    const deep = await server.call(api.operationLog.list, { pageNo: 30, pageSize: 10 }, admin.as);
    expect(deep.data!.total).toBe(grown.length);
    expect(deep.data!.records.map((r) => r.id)).toEqual(grown.slice(290, 300));

    const filtered = (
      await server.services.db
        .select({ id: operationLog.id })
        .from(operationLog)
        .where(sql`oper_login_name ilike '%third%'`)
        .orderBy(desc(operationLog.id))
    ).map((r) => r.id);
    const lastPage = Math.ceil(filtered.length / 10);
    const page = await server.call(api.operationLog.list, { pageNo: lastPage, pageSize: 10, operLoginName: 'third' }, admin.as);
    expect(page.data!.total).toBe(filtered.length);
    expect(page.data!.records.map((r) => r.id)).toEqual(filtered.slice((lastPage - 1) * 10));
  });

  it('filters by names and a time range, and refuses a range that ends before it starts', async () => {
    await write([row(1, { operUserName: '张三' }), row(2, { operUserName: '李四' }), row(3, { operUserName: '张五' })]);
    const named = await server.call(api.operationLog.list, { operUserName: '张', pageNo: 1, pageSize: 10 }, admin.as);
    expect(named.data!.records.map((r) => r.operUserName)).toEqual(['张五', '张三']);
    const timed = await server.call(api.operationLog.list, { operationTimeStart: '2026-01-01T00:00:01.500Z', operationTimeEnd: '2026-01-01T00:00:02Z', pageNo: 1, pageSize: 10 }, admin.as);
    expect(timed.data!.records.map((r) => r.operUserName)).toEqual(['李四']);
    const wrong = await server.call(api.operationLog.list, { operationTimeStart: '2026-01-02T00:00:00Z', operationTimeEnd: '2026-01-01T00:00:00Z', pageNo: 1, pageSize: 10 }, admin.as);
    expect(wrong).toMatchObject({ code: ResponseCode.InvalidInput });
    expect(wrong.msg).toMatch(/^operationTimeEnd: /);
  });

  it('shows a branch role the rows of its organisation subtree only, and the whole-scope role every row', async () => {
    const branchDept = await deptIdOf(server, '华东分公司');
    const root = (await server.services.db.select({ deptId: dept.deptId }).from(dept).where(isNull(dept.parentId)).orderBy(asc(dept.deptId)).limit(1))[0]!.deptId;
    await write([row(1, { operDeptId: branchDept, operLoginName: 'inside' }), row(2, { operDeptId: root, operLoginName: 'outside' }), row(3, { operDeptId: null, operLoginName: 'nobody' })]);
    const branch = await signInBranchAdmin(server, { keys: [Perm.operLogView, Perm.operLogExport] });
    const seen = await server.call(api.operationLog.list, { pageNo: 1, pageSize: 10, operLoginName: 'i' }, branch.as);
    expect(seen.data!.records.map((r) => r.operLoginName)).toEqual(['inside']);
    const outside = await server.call(api.operationLog.list, { pageNo: 1, pageSize: 10, operLoginName: 'outside' }, branch.as);
    expect(outside.data!.total).toBe(0);
    const every = await server.call(api.operationLog.list, { pageNo: 1, pageSize: 10, operLoginName: 'o' }, admin.as);
    expect(every.data!.records.map((r) => r.operLoginName)).toEqual(['nobody', 'outside']);

    const outsideId = (await server.services.db.select({ id: operationLog.id }).from(operationLog).where(eq(operationLog.operLoginName, 'outside')))[0]!.id;
    const refused = await exportFile(branch.as, `?vIds=${outsideId}`);
    expect(JSON.parse(refused.body.toString())).toMatchObject({ code: ResponseCode.OutOfScope });
  });
});

describe('the references of an entry', () => {
  it("names the records an entry's values refer to by id, null for one deleted since, for the rows the role reads", async () => {
    const branchDept = await deptIdOf(server, '华东分公司');
    const saved = await server.call(api.role.add, { roleName: 'Referring role', roleType: 2, deptId: branchDept }, admin.as);
    expect(saved.code).toBe(ResponseCode.Success);
    await server.services.audit.flush();
    const added = (await server.services.db.select().from(operationLog).orderBy(desc(operationLog.id)).limit(1))[0]!;
    const roleRefs = await server.call(api.operationLog.references, { id: added.id }, admin.as);
    expect(roleRefs.data).toContainEqual({ kind: 'dept', id: branchDept, name: '华东分公司' });

    // A business-centre binding as its writer logs it, naming one organisation that exists and one that no longer does.
    const gone = 987_654;
    await write([row(1, { operDeptId: branchDept, beforeOperation: { userId: admin.userId, deptIds: [] }, afterOperation: { userId: admin.userId, deptIds: [branchDept, gone] } })]);
    const bindingId = (await idsNewestFirst())[0]!;
    const bindingRefs = await server.call(api.operationLog.references, { id: bindingId }, admin.as);
    expect(bindingRefs.code).toBe(ResponseCode.Success);
    expect(bindingRefs.data).toEqual(
      expect.arrayContaining([
        { kind: 'dept', id: branchDept, name: '华东分公司' },
        { kind: 'dept', id: gone, name: null },
        { kind: 'user', id: admin.userId, name: expect.any(String) },
      ]),
    );

    // A row outside the branch role's organisations is refused as out of scope (as the export refuses it); an id of no row is not found.
    const branch = await signInBranchAdmin(server, { keys: [Perm.operLogView] });
    expect((await server.call(api.operationLog.references, { id: bindingId }, branch.as)).code).toBe(ResponseCode.Success);
    await write([row(2, { operDeptId: null })]);
    const outsideId = (await idsNewestFirst())[0]!;
    expect((await server.call(api.operationLog.references, { id: outsideId }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.operationLog.references, { id: outsideId + 1000 }, branch.as)).code).toBe(ResponseCode.NotFound);
  });
});

async function exportFile(options: CallOptions, query = ''): Promise<{ type: string; body: Buffer }> {
  const response = await server.app.inject({
    method: 'GET',
    url: `${API_PREFIX}/sys/operationLog/export${query}`,
    headers: { authorization: `Bearer ${options.token}`, 'x-role-id': String(options.roleId), language: options.language ?? 'en_US' },
  });
  return { type: String(response.headers['content-type']), body: response.rawPayload };
}

async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v)))));
  return rows;
}

describe('the export', () => {
  it('streams the filtered rows across pages with the header in the caller language, or just the selected rows', async () => {
    await write(Array.from({ length: 1205 }, (_, i) => row(i, { operLoginName: 'bulk' })));
    const progressKey = randomUUID();
    const all = await exportFile(admin.as, `?operLoginName=bulk&progressKey=${progressKey}`);
    expect(all.type).toMatch(/spreadsheetml/);
    expect((await server.call(api.operationLog.exportProgress, { progressKey }, admin.as)).data).toEqual({ rows: 1205, total: 1205, done: true });
    const viewer = await signInBranchAdmin(server, { username: 'progressviewer', keys: [Perm.operLogView, Perm.operLogExport] });
    expect((await server.call(api.operationLog.exportProgress, { progressKey }, viewer.as)).code).toBe(ResponseCode.NotFound);
    const rows = await sheetRows(all.body);
    expect(rows[0]).toEqual(['Type', 'Operator', 'Login name', 'Location', 'Operation', 'Before', 'After', 'Time']);
    expect(rows).toHaveLength(1206);
    expect(rows[1]![4]).toBe('change 1204');
    expect(JSON.parse(rows[1]![6]!)).toEqual({ a: { b: true, y: [] }, z: 1204 });
    expect(rows[1]).toEqual([
      'Update',
      '用户1204',
      'bulk',
      '广东省 广州市',
      'change 1204',
      // The database's own text of each json value.
      '{"a": {"b": null, "y": [1, 2.5, "ü"]}, "n": 1000000000000000000000, "z": 1}',
      '{"a": {"b": true, "y": []}, "z": 1204}',
      '2026-01-01T00:20:04.000Z',
    ]);

    const ids = (await idsNewestFirst()).slice(0, 2);
    const chosen = await sheetRows((await exportFile({ ...admin.as, language: 'de_DE' }, `?vIds=${ids.join(',')}`)).body);
    expect(chosen[0]![0]).toBe('Art');
    expect(chosen).toHaveLength(3);
  });

  it('clips a before or after past a cell’s 32,767 characters to exactly that', async () => {
    const long = '字'.repeat(40_000);
    await write([row(0, { operLoginName: 'long', afterOperation: { text: long } })]);
    const rows = await sheetRows((await exportFile(admin.as, '?operLoginName=long')).body);
    expect(rows[1]![6]).toBe(`{"text": "${long}"}`.slice(0, 32_767));
  });

  it('refuses a role without the export key with an envelope', async () => {
    const viewer = await signInBranchAdmin(server, { username: 'viewer', keys: [Perm.operLogView] });
    const refused = await exportFile(viewer.as);
    expect(JSON.parse(refused.body.toString())).toMatchObject({ code: ResponseCode.Forbidden });
  });
});

describe('the content in the reader’s language', () => {
  async function roleAdded(name: string): Promise<number> {
    const east = await deptIdOf(server, '华东分公司');
    expect((await server.call(api.role.add, { roleName: name, deptId: east }, admin.as)).code).toBe(ResponseCode.Success);
    const [logged] = await server.services.db.select().from(operationLog).orderBy(desc(operationLog.id)).limit(1);
    expect(logged).toMatchObject({ contentKey: 'role.add', contentValues: { name }, operationContent: `新增角色 ${name}` });
    return logged!.id;
  }

  const listed = async (language: 'zh_CN' | 'de_DE', id: number) =>
    (await server.call(api.operationLog.list, { pageNo: 1, pageSize: 50 }, { ...admin.as, language })).data!.records.find((entry) => entry.id === id)?.operationContent;

  it('stores a change as its key and values and writes it out in each reader’s language; an older row reads as its text', async () => {
    const id = await roleAdded('审计员');
    expect(await listed('zh_CN', id)).toBe('新增角色 审计员');
    expect(await listed('de_DE', id)).toBe('Rolle 审计员 hinzugefügt');
    await write([row(1, { operationContent: 'Add information 审计资讯' })]);
    const [older] = await server.services.db.select().from(operationLog).orderBy(desc(operationLog.id)).limit(1);
    expect(older!.contentKey).toBeNull();
    expect(await listed('de_DE', older!.id)).toBe('Add information 审计资讯');
    expect(await listed('zh_CN', older!.id)).toBe('Add information 审计资讯');
  });

  it('exports the content in the reader’s language, read back by an independent reader', async () => {
    // A name holding JSON's quotes and escape, a key of a later release, a row older than the keys.
    await roleAdded('访客角色 "\\"');
    await write([row(3, { contentKey: 'role.retiredSomeday', contentValues: { name: 'x' }, operationContent: 'stored text' })]);
    await write([row(2, { operationContent: 'older text' })]);
    const ids = (await idsNewestFirst()).slice(0, 3);
    const [sheet] = await readXlsxFile((await exportFile({ ...admin.as, language: 'de_DE' }, `?vIds=${ids.join(',')}`)).body);
    const [header, older, unknownKey, keyed] = sheet!.data;
    const at = header!.indexOf('Vorgang');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(keyed![at]).toBe('Rolle 访客角色 "\\" hinzugefügt');
    expect(unknownKey![at]).toBe('stored text');
    expect(older![at]).toBe('older text');
    // The time is a date cell (UTC here: the call names no time zone), not a text.
    const timeAt = header!.indexOf('Zeit');
    const time = older![timeAt];
    expect(time).toBeInstanceOf(Date);
    expect(time instanceof Date ? Math.abs(time.getTime() - (Date.UTC(2026, 0, 1) + 2000)) : Infinity).toBeLessThan(1000);
    const [zhSheet] = await readXlsxFile((await exportFile({ ...admin.as, language: 'zh_CN' }, `?vIds=${ids[2]}`)).body);
    expect(zhSheet!.data[1]).toContain('新增角色 访客角色 "\\"');
  });

  it('breaks the chain when a row’s key or values are edited in the database', async () => {
    const id = await roleAdded('链上角色');
    expect((await verifyChain(server.services.db, chainKey())).intact).toBe(true);
    await server.services.db.execute(sql`update log_operation set content_values = ${JSON.stringify({ name: '别的角色' })}::jsonb where id = ${id}`);
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: false, brokenAt: { id }, cause: 'row' });
    await server.services.db.execute(sql`update log_operation set content_values = ${JSON.stringify({ name: '链上角色' })}::jsonb where id = ${id}`);
    expect((await verifyChain(server.services.db, chainKey())).intact).toBe(true);
    await server.services.db.execute(sql`update log_operation set content_key = 'role.delete' where id = ${id}`);
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: false, brokenAt: { id }, cause: 'row' });
    await server.services.db.execute(sql`update log_operation set content_key = null where id = ${id}`);
    expect(await verifyChain(server.services.db, chainKey())).toMatchObject({ intact: false, brokenAt: { id }, cause: 'row' });
  });
});
