import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { API_PREFIX, FilePurpose, XLSX_MEDIA_TYPE, type Locale } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import { DICTIONARY_SHEET, type DictionaryAddForm, type DictionaryRecord, type DictionaryUpdateForm } from '../contract';
import { Perm } from '../../../shared/permissions';
import { file, operationLog } from '../../../server/db/schema';
import { dictionary, dictionaryName } from './schema';
import { signInAdminActor, signInBranchAdmin, signInOperator, type Actor } from '../../../server/testing/actors';
import { startTestServer, type CallOptions, type TestServer } from '../../../server/testing/harness';
import { dictionaryLabels } from '.';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

async function nodeId(path: string): Promise<number> {
  let parentId: number | null = null;
  for (const dictNo of path.split('/')) {
    const rows: Array<{ id: number }> = await server.services.db
      .select({ id: dictionary.id })
      .from(dictionary)
      .where(and(parentId === null ? isNull(dictionary.parentId) : eq(dictionary.parentId, parentId), eq(dictionary.dictNo, dictNo)));
    if (!rows[0]) throw new Error(`no dictionary ${path}`);
    parentId = rows[0].id;
  }
  return parentId!;
}

const NEW_DICTIONARY: DictionaryAddForm = {
  dictNo: 'CUSTOMER_LEVEL',
  dictName: '客户等级',
  dictOrder: 70,
  names: [
    { langId: 'zh_CN', langName: '客户等级' },
    { langId: 'en_US', langName: 'Customer level' },
  ],
};

/** The update form of a record as read, with `patch` applied. */
function formOf(record: DictionaryRecord, patch: Partial<DictionaryUpdateForm> = {}): DictionaryUpdateForm {
  const { id, version, dictNo, dictName, dictOrder, names } = record;
  return {
    id,
    version,
    dictNo,
    dictName,
    dictOrder,
    status: record.status === '0' ? '0' : '1',
    updated: record.updated === '0' ? '0' : '1',
    names: names.map((n) => ({ langId: n.langId as Locale, langName: n.langName })),
    ...patch,
  };
}

async function logged(entryType: string) {
  await server.services.audit.flush();
  return server.services.db.select().from(operationLog).where(eq(operationLog.entryType, entryType));
}

describe('dictionary list and info', () => {
  it('pages the seeded dictionaries in their order with their items nested, named in the caller’s language', async () => {
    const list = await server.call(api.dictionary.list, { pageNum: 1, pageSize: 10 }, admin.as);
    expect(list.code).toBe(ResponseCode.Success);
    expect(list.data!.total).toBe(6);
    expect(list.data!.records.map((r) => r.dictNo)).toEqual(['WAYBILL_STATUS', 'VEHICLE_TYPE', 'PACKAGE_TYPE', 'PAYMENT_METHOD', 'SERVICE_LEVEL', 'EXCEPTION_REASON']);
    const packages = list.data!.records[2]!;
    expect(packages).toMatchObject({ label: 'Package type', dictName: '包装类型', status: '1', updated: '1', createByName: '系统管理员', parentId: null });
    expect(packages.names).toHaveLength(5);
    const pallet = packages.children.find((c) => c.dictNo === 'PALLET')!;
    expect(pallet.children.map((c) => c.label)).toEqual(['Euro pallet 1200×800', 'Standard pallet 1200×1000']);
    expect(list.data!.records[0]).toMatchObject({ dictNo: 'WAYBILL_STATUS', updated: '0' });

    const german = await server.call(api.dictionary.list, { pageNum: 1, pageSize: 10 }, { ...admin.as, language: 'de_DE' });
    expect(german.data!.records[1]!.label).toBe('Fahrzeugtyp');
  });

  it('pages with the page size, filters by a name in any language, and lists the items of one node', async () => {
    const second = await server.call(api.dictionary.list, { pageNum: 2, pageSize: 4 }, admin.as);
    expect(second.data).toMatchObject({ total: 6, current: 2, pages: 2, size: 4 });
    expect(second.data!.records.map((r) => r.dictNo)).toEqual(['SERVICE_LEVEL', 'EXCEPTION_REASON']);

    for (const name of ['vehicle', '车辆', 'FAHRZEUG']) {
      const found = await server.call(api.dictionary.list, { pageNum: 1, pageSize: 10, name }, admin.as);
      expect(found.data!.records.map((r) => r.dictNo)).toEqual(['VEHICLE_TYPE']);
    }
    const none = await server.call(api.dictionary.list, { pageNum: 1, pageSize: 10, name: '100%_' }, admin.as);
    expect(none.data).toMatchObject({ total: 0, records: [] });

    const items = await server.call(api.dictionary.list, { pageNum: 1, pageSize: 10, pid: await nodeId('PACKAGE_TYPE') }, admin.as);
    expect(items.data!.records.map((r) => r.dictNo)).toEqual(['DOCUMENT', 'PARCEL', 'CARTON', 'PALLET', 'FRAGILE']);
    expect((await server.call(api.dictionary.list, { pageNum: 1, pageSize: 10, pid: 999_999 }, admin.as)).code).toBe(ResponseCode.NotFound);
  });

  it('names a node in Chinese when the language has no name, and by its stored name when none has', async () => {
    await server.call(api.dictionary.add, { dictNo: 'ZH_ONLY', dictName: '仅中文', dictOrder: 1, names: [{ langId: 'zh_CN', langName: '中文名' }] }, admin.as);
    await server.call(api.dictionary.add, { dictNo: 'NO_NAMES', dictName: '无名称', dictOrder: 2 }, admin.as);
    const list = await server.call(api.dictionary.list, { pageNum: 1, pageSize: 2 }, { ...admin.as, language: 'ja_JP' });
    expect(list.data!.records.map((r) => r.label)).toEqual(['中文名', '无名称']);
  });

  it('gives one node with its names, the nodes above it and its version', async () => {
    const id = await nodeId('PACKAGE_TYPE/PALLET/EURO');
    const info = await server.call(api.dictionary.info, { id }, admin.as);
    expect(info.data).toMatchObject({ id, dictNo: 'EURO', label: 'Euro pallet 1200×800', version: 1, createByName: '系统管理员' });
    expect(info.data!.ancestors.map((a) => [a.dictNo, a.label])).toEqual([
      ['PACKAGE_TYPE', 'Package type'],
      ['PALLET', 'Pallet'],
    ]);
    expect(info.data!.names.map((n) => n.langId)).toEqual(['zh_CN', 'en_US', 'de_DE', 'ko_KR', 'ja_JP']);
    expect((await server.call(api.dictionary.info, { id: 999_999 }, admin.as)).code).toBe(ResponseCode.NotFound);
  });
});

describe('adding and changing dictionaries', () => {
  it('adds a dictionary and an item under it, usable by default, and logs each with its values', async () => {
    const added = await server.call(api.dictionary.add, NEW_DICTIONARY, admin.as);
    expect(added.code).toBe(ResponseCode.Success);
    const item = await server.call(api.dictionary.add, { parentId: added.data!.id, dictNo: 'VIP', dictName: '贵宾', dictOrder: 10, names: [{ langId: 'de_DE', langName: 'Premiumkunde' }] }, admin.as);
    expect(item.code).toBe(ResponseCode.Success);
    const info = await server.call(api.dictionary.info, { id: item.data!.id }, { ...admin.as, language: 'de_DE' });
    expect(info.data).toMatchObject({ parentId: added.data!.id, status: '1', updated: '1', label: 'Premiumkunde', version: 1 });

    const rows = await logged('add');
    expect(rows.map((r) => (r.afterOperation as { dictNo: string }).dictNo)).toEqual(['CUSTOMER_LEVEL', 'VIP']);
    expect(rows[0]!.afterOperation).toMatchObject({ dictName: '客户等级', names: NEW_DICTIONARY.names });
    expect(rows.every((r) => r.beforeOperation === null && r.operLoginName === 'admin')).toBe(true);
  });

  it('checks each field rule and names the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ dictNo: undefined }, 'dictNo: is required'],
      [{ dictNo: '  ' }, 'dictNo: is required'],
      [{ dictNo: 'has space' }, 'dictNo: may contain only letters, digits, underscore, hyphen and dot'],
      [{ dictNo: 'a/b' }, 'dictNo: may contain only letters, digits, underscore, hyphen and dot'],
      [{ dictNo: 'X'.repeat(51) }, 'dictNo: the code cannot exceed 50 characters'],
      [{ dictName: '' }, 'dictName: is required'],
      [{ dictName: '名'.repeat(51) }, 'dictName: is too long'],
      [{ dictOrder: undefined }, 'dictOrder: is required'],
      [{ dictOrder: -1 }, 'dictOrder: must be a whole number from 0 to 99999'],
      [{ dictOrder: 1.5 }, 'dictOrder: must be a whole number from 0 to 99999'],
      [{ status: '2' }, 'status: is not one of the allowed values'],
      [{ updated: 1 }, 'updated: is not one of the allowed values'],
      [{ names: [{ langId: 'fr_FR', langName: 'x' }] }, 'names.0.langId: is not one of the allowed values'],
      [{ names: [{ langId: 'en_US', langName: ' ' }] }, 'names.0.langName: is required'],
      [
        {
          names: [
            { langId: 'en_US', langName: 'a' },
            { langId: 'en_US', langName: 'b' },
          ],
        },
        'names.1.langId: this language already has a name',
      ],
      [{ parentId: 999_999 }, 'parentId: The record does not exist'],
    ];
    for (const [patch, msg] of cases) {
      const answer = await server.raw('POST', `${API_PREFIX}/sys/dictionary/save`, { ...NEW_DICTIONARY, ...patch }, admin.as);
      expect(answer.body, JSON.stringify(patch)).toMatchObject({ code: ResponseCode.InvalidInput, msg });
    }
    expect(await server.services.db.select().from(dictionary).where(eq(dictionary.dictNo, NEW_DICTIONARY.dictNo))).toEqual([]);
  });

  it('keeps codes unique among siblings only', async () => {
    const vehicles = await nodeId('VEHICLE_TYPE');
    const packages = await nodeId('PACKAGE_TYPE');
    const taken = await server.call(api.dictionary.add, { parentId: vehicles, dictNo: 'VAN', dictName: '面包车', dictOrder: 1 }, admin.as);
    expect(taken).toMatchObject({ code: ResponseCode.Conflict, msg: 'dictNo: already exists' });
    const topTaken = await server.call(api.dictionary.add, { dictNo: 'VEHICLE_TYPE', dictName: '车型', dictOrder: 1 }, admin.as);
    expect(topTaken.code).toBe(ResponseCode.Conflict);
    const elsewhere = await server.call(api.dictionary.add, { parentId: packages, dictNo: 'VAN', dictName: '厢车专用包装', dictOrder: 1 }, admin.as);
    expect(elsewhere.code).toBe(ResponseCode.Success);
    const item = await server.call(api.dictionary.info, { id: await nodeId('VEHICLE_TYPE/LIGHT_TRUCK') }, admin.as);
    const renamed = await server.call(api.dictionary.update, formOf(item.data!, { dictNo: 'HEAVY_TRUCK' }), admin.as);
    expect(renamed.code).toBe(ResponseCode.Conflict);
  });

  it('saves with the version read, replaces the names, refuses a stale save and logs before and after', async () => {
    const id = await nodeId('VEHICLE_TYPE/VAN');
    const read = (await server.call(api.dictionary.info, { id }, admin.as)).data!;
    const saved = await server.call(
      api.dictionary.update,
      { id, version: read.version, dictNo: 'VAN', dictName: '厢式车', dictOrder: 15, status: '0', updated: '1', names: [{ langId: 'en_US', langName: 'Box van' }] },
      admin.as,
    );
    expect(saved).toMatchObject({ code: ResponseCode.Success, data: { id, version: 2 } });
    const after = await server.call(api.dictionary.info, { id }, admin.as);
    expect(after.data).toMatchObject({ dictName: '厢式车', dictOrder: 15, status: '0', label: 'Box van', names: [{ langId: 'en_US', langName: 'Box van' }], version: 2 });

    const stale = await server.call(api.dictionary.update, { id, version: read.version, dictNo: 'VAN', dictName: '旧的', dictOrder: 1, names: [] }, admin.as);
    expect(stale).toMatchObject({ code: ResponseCode.StaleRecord, msg: 'Someone else changed this record; reload and try again' });
    expect((await server.call(api.dictionary.info, { id }, admin.as)).data).toMatchObject({ dictName: '厢式车', version: 2, names: [{ langId: 'en_US' }] });

    const rows = await logged('update');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.beforeOperation).toMatchObject({ dictName: '厢式货车', dictOrder: 10, version: 1 });
    expect((rows[0]!.beforeOperation as { names: unknown[] }).names).toHaveLength(5);
    expect(rows[0]!.afterOperation).toMatchObject({ dictName: '厢式车', dictOrder: 15, version: 2, names: [{ langId: 'en_US', langName: 'Box van' }] });
  });

  it('refuses to change or delete a node marked not updatable, with a message, and changes nothing', async () => {
    const id = await nodeId('WAYBILL_STATUS');
    const read = (await server.call(api.dictionary.info, { id }, admin.as)).data!;
    const update = await server.call(api.dictionary.update, formOf(read, { dictName: '运单状态码' }), admin.as);
    expect(update).toMatchObject({ code: ResponseCode.CallerError, msg: '运单状态 (WAYBILL_STATUS) is marked not updatable and cannot be changed' });
    const unlock = await server.call(api.dictionary.update, formOf(read, { updated: '1' }), admin.as);
    expect(unlock.code).toBe(ResponseCode.CallerError);
    const chinese = await server.call(api.dictionary.update, formOf(read, { dictName: 'x' }), { ...admin.as, language: 'zh_CN' });
    expect(chinese.msg).toBe('运单状态 (WAYBILL_STATUS)已设为不可修改，不能更改');
    expect((await server.call(api.dictionary.info, { id }, admin.as)).data).toMatchObject({ dictName: '运单状态', version: 1 });

    const remove = await server.call(api.dictionary.delete, { ids: String(id) }, admin.as);
    expect(remove.code).toBe(ResponseCode.CallerError);
    // An updatable item of the locked dictionary may change.
    const item = (await server.call(api.dictionary.info, { id: await nodeId('WAYBILL_STATUS/CREATED') }, admin.as)).data!;
    expect((await server.call(api.dictionary.update, formOf(item, { dictOrder: 5 }), admin.as)).code).toBe(ResponseCode.Success);
  });

  it('deletes nodes with everything under them, all or nothing, and logs what went', async () => {
    const pallet = await nodeId('PACKAGE_TYPE/PALLET');
    const euro = await nodeId('PACKAGE_TYPE/PALLET/EURO');
    const fragile = await nodeId('PACKAGE_TYPE/FRAGILE');
    const missing = await server.call(api.dictionary.delete, { ids: `${pallet},999999` }, admin.as);
    expect(missing.code).toBe(ResponseCode.NotFound);
    const items = await server.call(api.dictionary.delete, { ids: `${fragile},${await nodeId('WAYBILL_STATUS/CREATED')}` }, admin.as);
    expect(items.code).toBe(ResponseCode.Success);

    await server.call(api.dictionary.update, formOf((await server.call(api.dictionary.info, { id: euro }, admin.as)).data!, { updated: '0' }), admin.as);
    const refused = await server.call(api.dictionary.delete, { ids: String(pallet) }, admin.as);
    expect(refused).toMatchObject({ code: ResponseCode.CallerError, msg: expect.stringMatching(/^欧标托盘 1200×800 \(EURO\) is marked not updatable/) });
    expect(await server.services.db.select().from(dictionary).where(eq(dictionary.id, pallet))).toHaveLength(1);

    const packages = await nodeId('PACKAGE_TYPE');
    await server.services.db.update(dictionary).set({ updated: '1' }).where(eq(dictionary.id, euro));
    const removed = await server.call(api.dictionary.delete, { ids: String(packages) }, admin.as);
    expect(removed.code).toBe(ResponseCode.Success);
    expect(await server.services.db.select().from(dictionary).where(eq(dictionary.id, euro))).toEqual([]);
    expect(await server.services.db.select().from(dictionaryName).where(eq(dictionaryName.dictId, euro))).toEqual([]);
    const rows = await logged('delete');
    const before = rows.at(-1)!.beforeOperation as Array<{ dictNo: string; names: unknown[] }>;
    expect(before.map((b) => b.dictNo).sort()).toEqual(['CARTON', 'CN_STANDARD', 'DOCUMENT', 'EURO', 'PACKAGE_TYPE', 'PALLET', 'PARCEL']);
    expect(before.every((b) => b.names.length === 5)).toBe(true);
  });
});

describe('permissions', () => {
  it('refuses every call to a role without the dictionary keys (A0301)', async () => {
    const operator = await signInOperator(server);
    const id = await nodeId('VEHICLE_TYPE');
    const calls = [
      server.call(api.dictionary.list, { pageNum: 1, pageSize: 10 }, operator.as),
      server.call(api.dictionary.info, { id }, operator.as),
      server.call(api.dictionary.add, NEW_DICTIONARY, operator.as),
      server.call(api.dictionary.update, { ...NEW_DICTIONARY, id, version: 1 }, operator.as),
      server.call(api.dictionary.delete, { ids: String(id) }, operator.as),
      server.call(api.dictionary.importPreview, { fileId: 1 }, operator.as),
      server.call(api.dictionary.importApply, { fileId: 1, digest: '0'.repeat(64) }, operator.as),
    ];
    // The changes are the whole company's (issue 46 L1): a role of one organisation hears that instead.
    const messages = (await Promise.all(calls)).map((answer) => [answer.code, answer.msg]);
    expect(messages).toEqual([
      ...Array.from({ length: 2 }, () => [ResponseCode.Forbidden, 'You have no permission for this action']),
      ...Array.from({ length: 5 }, () => [ResponseCode.Forbidden, 'these records belong to the whole company: only a role of the whole company may change them']),
    ]);
    const exported = await server.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/sys/dictionary/export`,
      headers: { authorization: `Bearer ${operator.token}`, 'x-role-id': String(operator.roleId), language: 'en_US' },
    });
    expect(exported.json()).toMatchObject({ code: ResponseCode.Forbidden });
  });

  it('lets a role that only views read, and refuses its changes', async () => {
    const viewer = await signInBranchAdmin(server, { username: 'dictviewer', keys: [Perm.dictView] });
    expect((await server.call(api.dictionary.list, { pageNum: 1, pageSize: 10 }, viewer.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.dictionary.add, NEW_DICTIONARY, viewer.as)).code).toBe(ResponseCode.Forbidden);
    const id = await nodeId('VEHICLE_TYPE');
    expect((await server.call(api.dictionary.update, { ...NEW_DICTIONARY, id, version: 1 }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.dictionary.delete, { ids: String(id) }, viewer.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('dictionary values in other screens', () => {
  it('gives the usable items of a dictionary to any signed-in role, named in its language', async () => {
    const operator = await signInOperator(server);
    const items = await server.call(api.dictionary.items, { dictNo: 'PAYMENT_METHOD' }, { ...operator.as, language: 'de_DE' });
    expect(items.data!.map((i) => [i.dictNo, i.label])).toEqual([
      ['PREPAID', 'Absender zahlt'],
      ['COLLECT', 'Empfänger zahlt'],
      ['MONTHLY', 'Monatsrechnung'],
      ['COD', 'Nachnahme'],
    ]);
    expect((await server.call(api.dictionary.items, { dictNo: 'NO_SUCH' }, operator.as)).data).toEqual([]);
  });

  it('names stored codes for a server-side list, stopped items too, falling back to Chinese', async () => {
    await server.services.db.delete(dictionaryName).where(and(eq(dictionaryName.dictId, await nodeId('PAYMENT_METHOD/COD')), eq(dictionaryName.langId, 'en_US')));
    const labels = await dictionaryLabels(server.services.db, 'PAYMENT_METHOD', 'en_US');
    expect(labels.get('THIRD_PARTY')).toBe('Third party pays');
    expect(labels.get('COD')).toBe('代收货款');
  });
});

// ----- Export and import -----

async function exportFile(options: CallOptions, query = ''): Promise<{ status: number; type: string; disposition: string; body: Buffer }> {
  const response = await server.app.inject({
    method: 'GET',
    url: `${API_PREFIX}/sys/dictionary/export${query}`,
    headers: { authorization: `Bearer ${options.token}`, 'x-role-id': String(options.roleId), language: 'en_US' },
  });
  return { status: response.statusCode, type: String(response.headers['content-type']), disposition: String(response.headers['content-disposition']), body: response.rawPayload };
}

async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

async function workbookOf(rows: ReadonlyArray<ReadonlyArray<string | number>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('import');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function storeUpload(bytes: Buffer, userId: number, purpose: string = FilePurpose.DictionaryImport): Promise<number> {
  const inserted = await server.services.db
    .insert(file)
    .values({ purpose, name: 'dictionaries.xlsx', mime: XLSX_MEDIA_TYPE, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), content: bytes, createBy: userId })
    .returning({ fileId: file.fileId });
  return inserted[0]!.fileId;
}

const HEADER = [...DICTIONARY_SHEET.columns];
const blankNames = ['', '', '', '', ''];

describe('export', () => {
  it('streams every node as an .xlsx row in tree order, with its path, names and version', async () => {
    const answer = await exportFile(admin.as);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe(XLSX_MEDIA_TYPE);
    expect(answer.disposition).toMatch(/^attachment; filename="dictionaries-\d{8}-\d{6}\.xlsx"/);
    const rows = await sheetRows(answer.body);
    expect(rows[0]).toEqual(HEADER);
    const total = await server.services.db.select().from(dictionary);
    expect(rows).toHaveLength(total.length + 1);
    expect(rows.slice(1, 4).map((r) => [r[0], r[1]])).toEqual([
      ['', 'WAYBILL_STATUS'],
      ['WAYBILL_STATUS', 'CREATED'],
      ['WAYBILL_STATUS', 'PICKED_UP'],
    ]);
    const euro = rows.find((r) => r[1] === 'EURO')!;
    expect(euro).toEqual([
      'PACKAGE_TYPE/PALLET',
      'EURO',
      '欧标托盘 1200×800',
      '10',
      '1',
      '1',
      '欧标托盘 1200×800',
      'Euro pallet 1200×800',
      'Europalette 1200×800',
      '유로 팔레트 1200×800',
      'ユーロパレット 1200×800',
      '1',
    ]);
    const palletAt = rows.findIndex((r) => r[1] === 'PALLET');
    expect(rows[palletAt + 1]![1]).toBe('EURO');
    expect(rows.find((r) => r[1] === 'WAYBILL_STATUS')![5]).toBe('0');
  });

  it('pages through more nodes than one page holds, and exports only the dictionaries a name filter matches', async () => {
    const parent = (await server.call(api.dictionary.add, { dictNo: 'CITY', dictName: '城市', dictOrder: 99 }, admin.as)).data!.id;
    await server.services.db.insert(dictionary).values(Array.from({ length: 1200 }, (_, i) => ({ parentId: parent, dictNo: `C${String(i).padStart(4, '0')}`, dictName: `城市${i}`, dictOrder: i })));
    const rows = await sheetRows((await exportFile(admin.as)).body);
    const cities = rows.filter((r) => r[0] === 'CITY');
    expect(cities).toHaveLength(1200);
    expect(cities.map((r) => r[1])).toEqual(Array.from({ length: 1200 }, (_, i) => `C${String(i).padStart(4, '0')}`));

    const filtered = await sheetRows((await exportFile(admin.as, '?name=vehicle')).body);
    expect(new Set(filtered.slice(1).map((r) => r[0] || r[1]))).toEqual(new Set(['VEHICLE_TYPE']));
    expect(filtered).toHaveLength(8);
  });
});

describe('import', () => {
  it('reads an export back as all unchanged', async () => {
    const fileId = await storeUpload((await exportFile(admin.as)).body, admin.userId);
    const preview = await server.call(api.dictionary.importPreview, { fileId }, admin.as);
    expect(preview.code).toBe(ResponseCode.Success);
    const total = (await server.services.db.select().from(dictionary)).length;
    expect(preview.data).toMatchObject({ fileName: 'dictionaries.xlsx', counts: { add: 0, change: 0, unchanged: total, refuse: 0 }, rows: [] });
  });

  it('previews the rows to add, change and refuse with each reason, then applies exactly that in one go', async () => {
    const van = (await server.call(api.dictionary.info, { id: await nodeId('VEHICLE_TYPE/VAN') }, admin.as)).data!;
    const bytes = await workbookOf([
      HEADER,
      ['', 'CUSTOMER_LEVEL', '客户等级', 70, '1', '1', '客户等级', 'Customer level', 'Kundenstufe', '', '', ''],
      ['CUSTOMER_LEVEL/GOLD', 'PLUS', '金卡增强', 1, '1', '1', ...blankNames, ''],
      ['CUSTOMER_LEVEL', 'GOLD', '金卡', 10, '', '', '金卡', 'Gold', '', '', '', ''],
      ['VEHICLE_TYPE', 'VAN', '厢式车', 10, '1', '1', '厢式车', 'Box van', 'Kastenwagen', '밴', 'バン', van.version],
      ['VEHICLE_TYPE', 'LIGHT_TRUCK', '轻型卡车', 20, '1', '1', '轻型卡车', 'Light truck', 'Leicht-Lkw', '경트럭', '小型トラック', ''],
      ['WAYBILL_STATUS', 'VAN', '厢车', 5, '1', '1', ...blankNames, ''],
      ['', 'WAYBILL_STATUS', '运单状态X', 10, '1', '0', ...blankNames, ''],
      ['VEHICLE_TYPE', 'HEAVY_TRUCK', '重卡', 30, '1', '1', ...blankNames, '7'],
      ['NOWHERE', 'X1', '无处', 1, '1', '1', ...blankNames, ''],
      ['NOWHERE/X1', 'X2', '更无处', 1, '1', '1', ...blankNames, ''],
      ['', 'bad code', '坏', 1, '1', '1', ...blankNames, ''],
      ['', 'ODD', '奇', 'ten', '1', '1', ...blankNames, ''],
      ['', 'CUSTOMER_LEVEL', '重复', 1, '1', '1', ...blankNames, ''],
      ['', 'STATE', '状态', 1, '3', '1', ...blankNames, ''],
    ]);
    const fileId = await storeUpload(bytes, admin.userId);
    const preview = await server.call(api.dictionary.importPreview, { fileId }, admin.as);
    expect(preview.code, preview.msg).toBe(ResponseCode.Success);
    const report = preview.data!;
    expect(report.counts).toEqual({ add: 4, change: 1, unchanged: 1, refuse: 8 });
    const byRow = new Map(report.rows.map((r) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({ action: 'add', path: 'CUSTOMER_LEVEL', reason: null });
    expect(byRow.get(3)).toMatchObject({ action: 'add', path: 'CUSTOMER_LEVEL/GOLD/PLUS' });
    expect(byRow.get(4)).toMatchObject({ action: 'add', path: 'CUSTOMER_LEVEL/GOLD' });
    expect(byRow.get(5)).toMatchObject({
      action: 'change',
      path: 'VEHICLE_TYPE/VAN',
      changes: [
        { field: 'dictName', before: '厢式货车', after: '厢式车' },
        { field: 'name.zh_CN', before: '厢式货车', after: '厢式车' },
        { field: 'name.en_US', before: 'Van', after: 'Box van' },
      ],
    });
    expect(byRow.has(6)).toBe(false);
    expect(byRow.get(7)).toMatchObject({ action: 'add', path: 'WAYBILL_STATUS/VAN' });
    expect(byRow.get(8)).toMatchObject({ action: 'refuse', reason: 'the entry is marked not updatable' });
    expect(byRow.get(9)).toMatchObject({ action: 'refuse', reason: 'version: the entry changed after the export (version 7 in the file, 1 now)' });
    expect(byRow.get(10)).toMatchObject({ action: 'refuse', reason: 'parent: its parent NOWHERE is neither in the dictionaries nor in the file' });
    expect(byRow.get(11)).toMatchObject({ action: 'refuse', reason: 'parent: its parent NOWHERE/X1 is refused' });
    expect(byRow.get(12)).toMatchObject({ action: 'refuse', reason: 'dictNo: may contain only letters, digits, underscore, hyphen and dot' });
    expect(byRow.get(13)).toMatchObject({ action: 'refuse', reason: 'dictOrder: must be a whole number from 0 to 99999' });
    expect(byRow.get(14)).toMatchObject({ action: 'refuse', path: 'CUSTOMER_LEVEL', reason: 'the same entry as row 2' });
    expect(byRow.get(15)).toMatchObject({ action: 'refuse', reason: 'status: is not one of the allowed values' });
    expect(await server.services.db.select().from(dictionary).where(eq(dictionary.dictNo, 'CUSTOMER_LEVEL'))).toEqual([]);

    const wrongDigest = await server.call(api.dictionary.importApply, { fileId, digest: 'f'.repeat(64) }, admin.as);
    expect(wrongDigest).toMatchObject({ code: ResponseCode.StaleRecord, msg: 'The file or the dictionaries changed since the preview: preview again' });

    const applied = await server.call(api.dictionary.importApply, { fileId, digest: report.digest }, admin.as);
    expect(applied).toMatchObject({ code: ResponseCode.Success, data: { added: 4, changed: 1 } });
    const plus = await server.call(api.dictionary.info, { id: await nodeId('CUSTOMER_LEVEL/GOLD/PLUS') }, admin.as);
    expect(plus.data!.ancestors.map((a) => a.dictNo)).toEqual(['CUSTOMER_LEVEL', 'GOLD']);
    const gold = await server.call(api.dictionary.info, { id: await nodeId('CUSTOMER_LEVEL/GOLD') }, admin.as);
    expect(gold.data).toMatchObject({
      status: '1',
      updated: '1',
      label: 'Gold',
      names: [
        { langId: 'zh_CN', langName: '金卡' },
        { langId: 'en_US', langName: 'Gold' },
      ],
    });
    const changed = await server.call(api.dictionary.info, { id: van.id }, admin.as);
    expect(changed.data).toMatchObject({ dictName: '厢式车', label: 'Box van', version: van.version + 1 });
    expect(changed.data!.names).toHaveLength(5);
    expect((await server.call(api.dictionary.info, { id: await nodeId('WAYBILL_STATUS') }, admin.as)).data).toMatchObject({ dictName: '运单状态', version: 1 });

    const rows = await logged('import');
    expect(rows).toHaveLength(5);
    const change = rows.find((r) => r.beforeOperation !== null)!;
    expect(change.beforeOperation).toMatchObject({ dictName: '厢式货车', version: 1 });
    expect(change.afterOperation).toMatchObject({ dictName: '厢式车', version: 2 });

    // The same plan cannot be applied twice: what it adds now exists.
    const again = await server.call(api.dictionary.importApply, { fileId, digest: report.digest }, admin.as);
    expect(again.code).toBe(ResponseCode.StaleRecord);
  });

  it('refuses an apply once the dictionaries changed after the preview, writing nothing', async () => {
    const bytes = await workbookOf([HEADER, ['', 'NEW_ONE', '新', 1, '1', '1', ...blankNames, ''], ['VEHICLE_TYPE', 'VAN', '改名', 10, '1', '1', ...blankNames, '']]);
    const fileId = await storeUpload(bytes, admin.userId);
    const report = (await server.call(api.dictionary.importPreview, { fileId }, admin.as)).data!;
    expect(report.counts).toMatchObject({ add: 1, change: 1 });
    const van = (await server.call(api.dictionary.info, { id: await nodeId('VEHICLE_TYPE/VAN') }, admin.as)).data!;
    await server.call(api.dictionary.update, formOf(van, { dictOrder: 11 }), admin.as);
    const applied = await server.call(api.dictionary.importApply, { fileId, digest: report.digest }, admin.as);
    expect(applied.code).toBe(ResponseCode.StaleRecord);
    expect(await server.services.db.select().from(dictionary).where(eq(dictionary.dictNo, 'NEW_ONE'))).toEqual([]);
  });

  it('refuses an import to a role of one organisation, whatever keys it holds: dictionaries are the whole company’s', async () => {
    const branch = await signInBranchAdmin(server, { username: 'dictadder', keys: [Perm.dictView, Perm.dictSave, Perm.dictUpdate] });
    const bytes = await workbookOf([HEADER, ['', 'NEW_ONE', '新', 1, '1', '1', ...blankNames, '']]);
    const fileId = await storeUpload(bytes, branch.userId);
    const preview = await server.call(api.dictionary.importPreview, { fileId }, branch.as);
    expect(preview.code).toBe(ResponseCode.Forbidden);
    expect(preview.msg).toMatch(/whole company/);
    expect(await server.services.db.select().from(dictionary).where(eq(dictionary.dictNo, 'NEW_ONE'))).toEqual([]);
  });

  it('refuses a file that is not an .xlsx workbook, lacks the columns, is empty, too long, or is not the caller’s', async () => {
    const notXlsx = await storeUpload(Buffer.from('name,code\nx,y\n'), admin.userId);
    expect(await server.call(api.dictionary.importPreview, { fileId: notXlsx }, admin.as)).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'fileId: The file is not an .xlsx workbook' });
    const noColumns = await storeUpload(
      await workbookOf([
        ['code', 'name'],
        ['A', 'B'],
      ]),
      admin.userId,
    );
    expect((await server.call(api.dictionary.importPreview, { fileId: noColumns }, admin.as)).msg).toBe('fileId: The first row must name the columns; missing: parent, dictNo, dictName, dictOrder');
    const empty = await storeUpload(await workbookOf([HEADER]), admin.userId);
    expect((await server.call(api.dictionary.importPreview, { fileId: empty }, admin.as)).msg).toBe('fileId: The sheet has no rows to import');
    const long = await storeUpload(await workbookOf([HEADER, ...Array.from({ length: 5001 }, (_, i) => ['', `D${i}`, `字典${i}`, 1])]), admin.userId);
    expect((await server.call(api.dictionary.importPreview, { fileId: long }, admin.as)).msg).toBe('fileId: The sheet has more than 5000 rows');

    const operator = await signInOperator(server);
    const others = await storeUpload(await workbookOf([HEADER, ['', 'A', 'B', 1]]), operator.userId);
    expect((await server.call(api.dictionary.importPreview, { fileId: others }, admin.as)).code).toBe(ResponseCode.NotFound);
    const otherPurpose = await storeUpload(await workbookOf([HEADER, ['', 'A', 'B', 1]]), admin.userId, FilePurpose.ArticleImage);
    expect((await server.call(api.dictionary.importPreview, { fileId: otherPurpose }, admin.as)).code).toBe(ResponseCode.NotFound);
  });
});
