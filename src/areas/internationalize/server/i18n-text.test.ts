import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { API_PREFIX, FilePurpose, MenuType, XLSX_MEDIA_TYPE } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import type { I18nTextForm, I18nTextRecord } from '../contract';
import type { NavNode } from '../../../shared/contract/session';
import { Perm } from '../../../shared/permissions';
import { AUTHZ_CHANNEL, connectCacheChannel } from '../../../server/auth/authz-channel';
import { Authz } from '../../../server/auth/authz';
import { file, menu, operationLog } from '../../../server/db/schema';
import { i18nText } from './schema';
import { Translations, TRANSLATIONS_CHANNEL } from '../../../server/i18n-text';
import { signInAdminActor, signInBranchAdmin, signInOperator, signInWithRole, type Actor } from '../../../server/testing/actors';
import { startTestServer, type CallOptions, type TestServer } from '../../../server/testing/harness';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

async function textId(chinese: string): Promise<number> {
  const rows = await server.services.db.select({ id: i18nText.id }).from(i18nText).where(eq(i18nText.chinese, chinese));
  if (!rows[0]) throw new Error(`no text ${chinese}`);
  return rows[0].id;
}

/** The dialog's save of a record as read, with `patch` applied. */
function formOf(record: I18nTextRecord, patch: Partial<I18nTextForm> = {}): I18nTextForm {
  const { id, version, chinese, english, german, korean, japanese } = record;
  return { id, version, chinese, english, german, korean, japanese, status: record.status === 2 ? 2 : 1, ...patch };
}

async function logged(entryType: string) {
  await server.services.audit.flush();
  return server.services.db.select().from(operationLog).where(eq(operationLog.entryType, entryType));
}

async function backofficeSystem(): Promise<number> {
  const rows = await server.services.db
    .select({ menuId: menu.menuId })
    .from(menu)
    .where(and(eq(menu.type, MenuType.System), eq(menu.perms, 'backoffice')));
  return rows[0]!.menuId;
}

function findNav(nodes: readonly NavNode[], perms: string): NavNode | undefined {
  for (const node of nodes) {
    if (node.perms === perms) return node;
    const below = findNav(node.children, perms);
    if (below) return below;
  }
  return undefined;
}

async function navName(perms: string, language: string): Promise<string | undefined> {
  const nav = await server.call(api.session.nav, { roleId: admin.roleId, menuId: await backofficeSystem() }, { ...admin.as, language });
  expect(nav.code).toBe(ResponseCode.Success);
  return findNav(nav.data!, perms)?.name;
}

describe('multilingual text list and dialog', () => {
  it('lists the seeded texts by Chinese text and status, a page at a time, with who changed them', async () => {
    const all = await server.call(api.i18nText.list, { page: 1, limit: 10 }, admin.as);
    expect(all.code).toBe(ResponseCode.Success);
    expect(all.data!.records).toHaveLength(10);
    expect(all.data!.total).toBeGreaterThan(20);
    const found = await server.call(api.i18nText.list, { chinese: '字典', page: 1, limit: 10 }, admin.as);
    expect(found.data!.records.map((r) => r.chinese)).toEqual(['字典管理']);
    expect(found.data!.records[0]).toMatchObject({
      english: 'Dictionaries',
      german: 'Wörterbücher',
      korean: '사전 관리',
      japanese: '辞書管理',
      status: 1,
      operater: 'system',
      updateTime: null,
      version: 1,
    });
    expect((await server.call(api.i18nText.list, { status: 2, page: 1, limit: 10 }, admin.as)).data).toMatchObject({ total: 0, records: [] });
    expect((await server.call(api.i18nText.list, { chinese: '100%_', page: 1, limit: 10 }, admin.as)).data!.total).toBe(0);
    expect((await server.call(api.i18nText.list, { status: 3 as 1, page: 1, limit: 10 }, admin.as)).code).toBe(ResponseCode.InvalidInput);
  });

  it('adds a text with the Chinese name required and unique, named by who saved it, and logs it', async () => {
    const empty = await server.call(api.i18nText.save, { chinese: '  ', english: 'Waybills' }, admin.as);
    expect(empty).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'chinese: please fill in the Chinese name' });
    const long = await server.call(api.i18nText.save, { chinese: '运单', english: 'x'.repeat(201) }, admin.as);
    expect(long).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'english: cannot exceed 200 characters' });
    const german = await server.call(api.i18nText.save, { chinese: '' }, { ...admin.as, language: 'de_DE' });
    expect(german.msg).toContain('Bitte den chinesischen Namen eingeben');

    const added = await server.call(api.i18nText.save, { chinese: ' 运单查询 ', english: 'Waybill search', german: 'Frachtbriefsuche' }, admin.as);
    expect(added.code).toBe(ResponseCode.Success);
    const info = await server.call(api.i18nText.info, { id: added.data!.id }, admin.as);
    expect(info.data).toMatchObject({ chinese: '运单查询', english: 'Waybill search', german: 'Frachtbriefsuche', korean: '', japanese: '', status: 1, operater: '系统管理员', version: 1 });

    const twice = await server.call(api.i18nText.save, { chinese: '运单查询', english: 'Again' }, admin.as);
    expect(twice).toMatchObject({ code: ResponseCode.Conflict, msg: 'chinese: “运单查询” already has a multilingual text' });
    const [row] = await logged('add');
    expect(row).toMatchObject({ entryType: 'add' });
    expect(JSON.stringify(row)).toContain('Waybill search');
    expect((await server.call(api.i18nText.info, { id: 999_999 }, admin.as)).code).toBe(ResponseCode.NotFound);
  });

  it('updates at the version read only, refuses a Chinese text another has, and deletes', async () => {
    const id = (await server.call(api.i18nText.save, { chinese: '运单查询', english: 'Waybill search' }, admin.as)).data!.id;
    const updated = await server.call(api.i18nText.save, { id, version: 1, chinese: '运单查询', english: 'Find waybills', status: 2 }, admin.as);
    expect(updated.data).toEqual({ id, version: 2 });
    const stale = await server.call(api.i18nText.save, { id, version: 1, chinese: '运单查询', english: 'Lost update' }, admin.as);
    expect(stale.code).toBe(ResponseCode.StaleRecord);
    const noVersion = await server.call(api.i18nText.save, { id, chinese: '运单查询' }, admin.as);
    expect(noVersion.code).toBe(ResponseCode.InvalidInput);
    const taken = await server.call(api.i18nText.save, { id, version: 2, chinese: '字典管理' }, admin.as);
    expect(taken).toMatchObject({ code: ResponseCode.Conflict, msg: 'chinese: “字典管理” already has a multilingual text' });
    const [update] = await logged('update');
    expect(JSON.stringify(update)).toContain('Waybill search');
    expect(JSON.stringify(update)).toContain('Find waybills');

    expect((await server.call(api.i18nText.delete, { id }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.i18nText.info, { id }, admin.as)).code).toBe(ResponseCode.NotFound);
    expect((await server.call(api.i18nText.delete, { id }, admin.as)).code).toBe(ResponseCode.NotFound);
    expect(JSON.stringify(await logged('delete'))).toContain('运单查询');
  });

  it('refuses every call to a role without the keys, and deletes only with the delete key', async () => {
    const operator = await signInOperator(server);
    const id = await textId('字典管理');
    for (const answer of [
      await server.call(api.i18nText.list, { page: 1, limit: 10 }, operator.as),
      await server.call(api.i18nText.info, { id }, operator.as),
      await server.call(api.i18nText.save, { chinese: '新文本' }, operator.as),
      await server.call(api.i18nText.delete, { id }, operator.as),
      await server.call(api.i18nText.importPreview, { fileId: 1 }, operator.as),
      await server.call(api.i18nText.importApply, { fileId: 1, digest: '0'.repeat(64) }, operator.as),
    ]) {
      expect(answer.code).toBe(ResponseCode.Forbidden);
    }
    // Translations are every organisation's: a role of one organisation holding the keys changes none (issue 46 L1).
    const editor = await signInBranchAdmin(server, { username: 'translator', keys: [Perm.i18nView, Perm.i18nSave, Perm.i18nDelete] });
    expect((await server.call(api.i18nText.list, { page: 1, limit: 10 }, editor.as)).code).toBe(ResponseCode.Success);
    for (const answer of [await server.call(api.i18nText.save, { chinese: '新文本' }, editor.as), await server.call(api.i18nText.delete, { id }, editor.as)]) {
      expect(answer.code).toBe(ResponseCode.Forbidden);
      expect(answer.msg).toMatch(/whole company/);
    }
  });
});

describe('translated navigation', () => {
  it('names a menu in the interface language through the text, at once after a save, and in Chinese once it is deleted', async () => {
    expect(await navName(Perm.dictView, 'en_US')).toBe('Dictionaries');
    const stampBefore = (await server.call(api.session.grantStamp, { roleId: admin.roleId }, admin.as)).data!.stamp;
    const id = await textId('字典管理');
    const info = (await server.call(api.i18nText.info, { id }, admin.as)).data!;
    expect((await server.call(api.i18nText.save, formOf(info, { english: 'Code lists' }), admin.as)).code).toBe(ResponseCode.Success);
    expect(await navName(Perm.dictView, 'en_US')).toBe('Code lists');
    expect(await navName(Perm.dictView, 'de_DE')).toBe('Wörterbücher');
    expect(await navName(Perm.dictView, 'zh_CN')).toBe('字典管理');
    const stampAfter = (await server.call(api.session.grantStamp, { roleId: admin.roleId }, admin.as)).data!.stamp;
    expect(stampAfter).not.toBe(stampBefore);

    // An unusable text translates nothing.
    expect((await server.call(api.i18nText.save, formOf(info, { version: 2, english: 'Code lists', status: 2 }), admin.as)).code).toBe(ResponseCode.Success);
    expect(await navName(Perm.dictView, 'en_US')).toBe('字典管理');

    expect((await server.call(api.i18nText.delete, { id }, admin.as)).code).toBe(ResponseCode.Success);
    expect(await navName(Perm.dictView, 'en_US')).toBe('字典管理');
    expect(await navName(Perm.dictView, 'ja_JP')).toBe('字典管理');
  });
});

// ----- Export and import -----

async function exportFile(options: CallOptions, language = 'en_US') {
  const response = await server.app.inject({
    method: 'GET',
    url: `${API_PREFIX}/sys/i18n/export`,
    headers: { authorization: `Bearer ${options.token}`, 'x-role-id': String(options.roleId), language },
  });
  return { status: response.statusCode, type: String(response.headers['content-type']), disposition: String(response.headers['content-disposition']), body: response.rawPayload };
}

async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

async function workbookOf(rows: ReadonlyArray<ReadonlyArray<string | number>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('texts');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function storeUpload(bytes: Buffer, userId: number, purpose: string = FilePurpose.I18nImport): Promise<number> {
  const inserted = await server.services.db
    .insert(file)
    .values({ purpose, name: 'i18n.xlsx', mime: XLSX_MEDIA_TYPE, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), content: bytes, createBy: userId })
    .returning({ fileId: file.fileId });
  return inserted[0]!.fileId;
}

describe('export and import', () => {
  it('exports every text under headers in the caller’s language', async () => {
    const answer = await exportFile(admin.as, 'de_DE');
    expect(answer.status).toBe(200);
    expect(answer.type).toBe(XLSX_MEDIA_TYPE);
    expect(answer.disposition).toMatch(/^attachment; filename="i18n-\d{8}-\d{6}\.xlsx"/);
    const rows = await sheetRows(answer.body);
    expect(rows[0]).toEqual(['Chinesisch', 'Englisch', 'Deutsch', 'Koreanisch', 'Japanisch', 'Status']);
    const total = (await server.call(api.i18nText.list, { page: 1, limit: 10 }, admin.as)).data!.total;
    expect(rows).toHaveLength(total + 1);
    expect(rows).toContainEqual(['字典管理', 'Dictionaries', 'Wörterbücher', '사전 관리', '辞書管理', '1']);
    const operator = await signInOperator(server);
    const refused = await exportFile(operator.as);
    expect(refused.type).not.toBe(XLSX_MEDIA_TYPE);
    expect((JSON.parse(refused.body.toString('utf8')) as { code: string }).code).toBe(ResponseCode.Forbidden);
  });

  it('previews an import (added, changed, refused with reasons) and writes nothing until applied', async () => {
    const exported = await sheetRows((await exportFile(admin.as, 'zh_CN')).body);
    const header = exported[0]!;
    const bytes = await workbookOf([
      header,
      ['字典管理', 'Code lists', 'Wörterbücher', '사전 관리', '辞書管理', '1'],
      ['运单查询', 'Waybill search', 'Frachtbriefsuche', '', '', ''],
      ['', 'No Chinese', '', '', '', ''],
      ['超长', 'x'.repeat(201), '', '', '', ''],
      ['运单查询', 'Twice', '', '', '', ''],
      ['状态错误', 'Bad status', '', '', '', '7'],
      ['菜单管理', 'Menus', 'Menüs', '메뉴 관리', 'メニュー管理', '1'],
    ]);
    const fileId = await storeUpload(bytes, admin.userId);
    const preview = await server.call(api.i18nText.importPreview, { fileId }, admin.as);
    expect(preview.code).toBe(ResponseCode.Success);
    const report = preview.data!;
    expect(report.counts).toEqual({ add: 1, change: 1, unchanged: 1, refuse: 4 });
    expect(report.rows).toEqual([
      { row: 2, action: 'change', chinese: '字典管理', changes: [{ field: 'English', before: 'Dictionaries', after: 'Code lists' }], reason: null },
      { row: 3, action: 'add', chinese: '运单查询', changes: [], reason: null },
      { row: 4, action: 'refuse', chinese: '', changes: [], reason: 'Chinese: please fill in the Chinese name' },
      { row: 5, action: 'refuse', chinese: '超长', changes: [], reason: 'English: cannot exceed 200 characters' },
      { row: 6, action: 'refuse', chinese: '运单查询', changes: [], reason: 'Chinese: the same Chinese text as row 3' },
      { row: 7, action: 'refuse', chinese: '状态错误', changes: [], reason: expect.stringMatching(/^Status: /) as string },
    ]);
    expect(await navName(Perm.dictView, 'en_US')).toBe('Dictionaries');
    expect((await server.call(api.i18nText.list, { chinese: '运单', page: 1, limit: 10 }, admin.as)).data!.total).toBe(0);

    const wrong = await server.call(api.i18nText.importApply, { fileId, digest: 'f'.repeat(64) }, admin.as);
    expect(wrong.code).toBe(ResponseCode.StaleRecord);
    const applied = await server.call(api.i18nText.importApply, { fileId, digest: report.digest }, admin.as);
    expect(applied.data).toEqual({ added: 1, changed: 1 });
    expect(await navName(Perm.dictView, 'en_US')).toBe('Code lists');
    const added = (await server.call(api.i18nText.list, { chinese: '运单查询', page: 1, limit: 10 }, admin.as)).data!.records[0]!;
    expect(added).toMatchObject({ english: 'Waybill search', german: 'Frachtbriefsuche', status: 1, operater: '系统管理员' });
    expect(await logged('import')).toHaveLength(2);

    // The same plan again would change what the texts are now: refused, nothing written twice.
    const again = await server.call(api.i18nText.importApply, { fileId, digest: report.digest }, admin.as);
    expect(again).toMatchObject({ code: ResponseCode.StaleRecord, msg: 'The file or the multilingual texts changed since the preview: preview again' });
  });

  it('finds the columns by their header in any language or by field name, leaving absent columns as they are', async () => {
    const bytes = await workbookOf([
      ['Japanisch', 'chinese', '영어'],
      ['コードリスト', '字典管理', 'Code lists'],
    ]);
    const fileId = await storeUpload(bytes, admin.userId);
    const report = (await server.call(api.i18nText.importPreview, { fileId }, admin.as)).data!;
    expect(report.rows).toEqual([
      {
        row: 2,
        action: 'change',
        chinese: '字典管理',
        changes: [
          { field: 'English', before: 'Dictionaries', after: 'Code lists' },
          { field: 'Japanese', before: '辞書管理', after: 'コードリスト' },
        ],
        reason: null,
      },
    ]);
    expect((await server.call(api.i18nText.importApply, { fileId, digest: report.digest }, admin.as)).data).toEqual({ added: 0, changed: 1 });
    expect((await server.call(api.i18nText.info, { id: await textId('字典管理') }, admin.as)).data).toMatchObject({ german: 'Wörterbücher', korean: '사전 관리', japanese: 'コードリスト' });
  });

  it('refuses a file without a Chinese column, an empty one, another purpose’s and another user’s', async () => {
    const noChinese = await storeUpload(await workbookOf([['English'], ['x']]), admin.userId);
    expect(await server.call(api.i18nText.importPreview, { fileId: noChinese }, admin.as)).toMatchObject({
      code: ResponseCode.InvalidInput,
      msg: 'fileId: The first row must name the columns; missing: Chinese',
    });
    const empty = await storeUpload(await workbookOf([['chinese']]), admin.userId);
    expect((await server.call(api.i18nText.importPreview, { fileId: empty }, admin.as)).msg).toBe('fileId: The sheet has no rows to import');
    const other = await storeUpload(await workbookOf([['chinese'], ['字典管理']]), admin.userId, FilePurpose.DictionaryImport);
    expect((await server.call(api.i18nText.importPreview, { fileId: other }, admin.as)).code).toBe(ResponseCode.NotFound);
    const translator = await signInWithRole(server, 'translator', admin.roleId);
    const theirs = await storeUpload(await workbookOf([['chinese'], ['字典管理']]), translator.userId);
    expect((await server.call(api.i18nText.importPreview, { fileId: theirs }, admin.as)).code).toBe(ResponseCode.NotFound);
    expect((await server.call(api.i18nText.importPreview, { fileId: theirs }, translator.as)).code).toBe(ResponseCode.Success);
  });
});

describe.runIf(process.env.CONSOLE_TEST_DB === 'pg')('translations of several server processes on one PostgreSQL', () => {
  it("drops another process's translations when a text is saved here", async () => {
    const other = new Translations(server.services.db);
    const channel = await connectCacheChannel(server.services.config.databaseUrl, { [AUTHZ_CHANNEL]: new Authz(server.services.db), [TRANSLATIONS_CHANNEL]: other });
    try {
      expect(await other.translate('en_US', '字典管理')).toBe('Dictionaries');
      const epoch = other.epoch;
      const info = (await server.call(api.i18nText.info, { id: await textId('字典管理') }, admin.as)).data!;
      expect((await server.call(api.i18nText.save, formOf(info, { english: 'Code lists' }), admin.as)).code).toBe(ResponseCode.Success);
      for (let attempt = 0; attempt < 100 && other.epoch === epoch; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(other.epoch).toBeGreaterThan(epoch);
      expect(await other.translate('en_US', '字典管理')).toBe('Code lists');
    } finally {
      await channel.close();
    }
  });
});
