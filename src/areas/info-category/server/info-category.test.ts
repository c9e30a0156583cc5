import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { MenuType } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import { Perm } from '../../../shared/permissions';
import { infoArticle, menu, operationLog } from '../../../server/db/schema';
import { systemApiKey } from '../../../server/db/tables';
import { signInAdminActor, signInBranchAdmin, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';

let server: TestServer;
let admin: Actor;
let backoffice: number;
let logistics: number;

beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
  backoffice = await systemId('backoffice');
  logistics = await systemId('logistics');
});
afterEach(async () => {
  await server.close();
});

async function systemId(perms: string): Promise<number> {
  const rows = await server.services.db
    .select({ menuId: menu.menuId })
    .from(menu)
    .where(and(eq(menu.type, MenuType.System), eq(menu.perms, perms)));
  return rows[0]!.menuId;
}

async function addCategory(name: string, system = backoffice, extra: { haveImage?: 0 | 1; imageDesc?: string; enable?: 0 | 1 } = {}, as = admin.as): Promise<number> {
  const answer = await server.call(api.infoCategory.add, { systemCode: system, name, ...extra }, as);
  if (!answer.data) throw new Error(`add failed: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}

describe('information categories', () => {
  it('lists the systems of the role with their usable API keys', async () => {
    const systems = await server.call(api.infoCategory.systems, {}, admin.as);
    expect(systems.code).toBe(ResponseCode.Success);
    const codes = systems.data!.map((s) => s.systemCode);
    expect(codes).toEqual(expect.arrayContaining([backoffice, logistics]));
    const logisticsRow = systems.data!.find((s) => s.systemCode === logistics)!;
    expect(logisticsRow.apiKeys).toHaveLength(1);
    expect(logisticsRow.systemName).toBe('Logistics operations');

    await server.services.db.update(systemApiKey).set({ status: 2 }).where(eq(systemApiKey.systemMenuId, logistics));
    const after = await server.call(api.infoCategory.systems, {}, admin.as);
    expect(after.data!.find((s) => s.systemCode === logistics)!.apiKeys).toEqual([]);

    const userAdmin = await signInBranchAdmin(server, { username: 'usersOnly', keys: [Perm.userView] });
    expect((await server.call(api.infoCategory.systems, {}, userAdmin.as)).code).toBe(ResponseCode.Forbidden);
    const articleEditor = await signInBranchAdmin(server, { username: 'articlesOnly', keys: [Perm.infoView] });
    expect((await server.call(api.infoCategory.systems, {}, articleEditor.as)).code).toBe(ResponseCode.Success);
  });

  it('adds a category usable by default, lists it with its system and finds it by name', async () => {
    const id = await addCategory('公司新闻');
    await addCategory('Driver guide', logistics, { haveImage: 1, imageDesc: 'A photo of the truck' });
    const info = await server.call(api.infoCategory.info, { id }, admin.as);
    expect(info.data).toMatchObject({ id, systemCode: backoffice, name: '公司新闻', haveImage: 0, imageDesc: '', enable: 1, articleCount: 0, version: 1 });

    const all = await server.call(api.infoCategory.list, { pageNum: 1, pageSize: 10 }, admin.as);
    expect(all.data).toMatchObject({ total: 2, current: 1, pages: 1 });
    const found = await server.call(api.infoCategory.list, { name: 'guide', pageNum: 1, pageSize: 10 }, admin.as);
    expect(found.data!.records.map((r) => [r.name, r.haveImage, r.imageDesc])).toEqual([['Driver guide', 1, 'A photo of the truck']]);
    const page2 = await server.call(api.infoCategory.list, { pageNum: 2, pageSize: 1 }, admin.as);
    expect(page2.data).toMatchObject({ total: 2, pages: 2 });
    expect(page2.data!.records).toHaveLength(1);

    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'add'))).find((r) => r.operationContent.includes('公司新闻'));
    expect(logged?.afterOperation).toMatchObject({ name: '公司新闻', systemCode: backoffice, enable: 1 });
  });

  it('applies the form rules: system required, name 2–20 and unique per system, image description 5–50 only with an image', async () => {
    const add = (input: Record<string, unknown>) => server.call(api.infoCategory.add, input as never, admin.as);
    expect((await add({ name: 'News' })).msg).toBe('systemCode: please select a system');
    expect((await add({ systemCode: backoffice, name: 'N' })).msg).toBe('name: 2 to 20 characters');
    expect((await add({ systemCode: backoffice, name: 'x'.repeat(21) })).msg).toBe('name: 2 to 20 characters');
    expect((await add({ systemCode: backoffice, name: 'Photos', haveImage: 1 })).msg).toBe('imageDesc: is required');
    expect((await add({ systemCode: backoffice, name: 'Photos', haveImage: 1, imageDesc: 'abcd' })).msg).toBe('imageDesc: 5 to 50 characters');
    expect((await add({ systemCode: backoffice, name: 'Photos', haveImage: 1, imageDesc: 'x'.repeat(51) })).msg).toBe('imageDesc: 5 to 50 characters');
    expect((await add({ systemCode: backoffice, name: 'Photos', haveImage: 2 })).msg).toBe('haveImage: is not one of the allowed values');
    expect((await add({ systemCode: 999_999, name: 'Photos' })).code).toBe(ResponseCode.OutOfScope);

    // Without an image the description is not kept.
    const id = await addCategory('Plain', backoffice, { haveImage: 0, imageDesc: 'left over text' });
    expect((await server.call(api.infoCategory.info, { id }, admin.as)).data!.imageDesc).toBe('');

    expect((await add({ systemCode: backoffice, name: 'Plain' })).code).toBe(ResponseCode.Conflict);
    // The same name in another system is another category.
    expect((await add({ systemCode: logistics, name: 'Plain' })).code).toBe(ResponseCode.Success);
  });

  it('updates with the version (the enable switch goes through the update call) and refuses a stale save', async () => {
    const id = await addCategory('Notices');
    const update = await server.call(api.infoCategory.update, { id, version: 1, systemCode: backoffice, name: 'Notices', haveImage: 0, imageDesc: '', enable: 0 }, admin.as);
    expect(update.data).toEqual({ id, version: 2 });
    expect((await server.call(api.infoCategory.info, { id }, admin.as)).data!.enable).toBe(0);
    const stale = await server.call(api.infoCategory.update, { id, version: 1, systemCode: backoffice, name: 'Renamed', enable: 1 }, admin.as);
    expect(stale.code).toBe(ResponseCode.StaleRecord);
    expect((await server.call(api.infoCategory.info, { id }, admin.as)).data!.name).toBe('Notices');

    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'update'))).find((r) => r.operationContent.includes('Notices'));
    expect(logged?.beforeOperation).toMatchObject({ enable: 1, version: 1 });
    expect(logged?.afterOperation).toMatchObject({ enable: 0, version: 2 });
  });

  it('refuses to delete a category an article is filed under, naming it, and deletes nothing of the batch', async () => {
    const used = await addCategory('Used one');
    const free = await addCategory('Free one');
    const key = (await server.services.db.select().from(systemApiKey).where(eq(systemApiKey.systemMenuId, backoffice)))[0]!;
    await server.services.db.insert(infoArticle).values({ apiKey: key.apiKey, systemMenuId: backoffice, classificationId: used, typeCode: 'news', title: 'T', content: '<p>x</p>' });
    const refused = await server.call(api.infoCategory.delete, { ids: `${used},${free}` }, admin.as);
    expect(refused).toMatchObject({ code: ResponseCode.InUse, msg: 'these categories still hold articles and cannot be deleted: Used one' });
    expect((await server.call(api.infoCategory.list, { pageNum: 1, pageSize: 10 }, admin.as)).data!.total).toBe(2);
    // A category holding articles stays in its system.
    const moved = await server.call(api.infoCategory.update, { id: used, version: 1, systemCode: logistics, name: 'Used one', enable: 1 }, admin.as);
    expect(moved.code).toBe(ResponseCode.InUse);

    expect((await server.call(api.infoCategory.delete, { ids: `${free}` }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.infoCategory.info, { id: free }, admin.as)).code).toBe(ResponseCode.NotFound);
  });

  it("keeps a role to its systems' categories and to its keys", async () => {
    const inLogistics = await addCategory('Logistics only', logistics);
    const inBackoffice = await addCategory('Backoffice one', backoffice);
    const branch = await signInBranchAdmin(server, { username: 'infoBranch', keys: [Perm.infoTypeView, Perm.infoTypeSave, Perm.infoTypeUpdate, Perm.infoTypeDelete] });
    const listed = await server.call(api.infoCategory.list, { pageNum: 1, pageSize: 10 }, branch.as);
    expect(listed.data!.records.map((r) => r.id)).toEqual([inBackoffice]);
    expect((await server.call(api.infoCategory.info, { id: inLogistics }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    // Categories are every user's of a system: only a role of the whole company changes them (issue 46 L1).
    for (const answer of [
      await server.call(api.infoCategory.add, { systemCode: backoffice, name: 'Sneaky' }, branch.as),
      await server.call(api.infoCategory.update, { id: inBackoffice, version: 1, systemCode: backoffice, name: 'Taken over', enable: 1 }, branch.as),
      await server.call(api.infoCategory.delete, { ids: `${inBackoffice}` }, branch.as),
    ]) {
      expect(answer.code).toBe(ResponseCode.Forbidden);
      expect(answer.msg).toMatch(/whole company/);
    }
    expect((await server.call(api.infoCategory.systems, {}, branch.as)).data!.map((s) => s.systemCode)).toEqual([backoffice]);

    const viewer = await signInBranchAdmin(server, { username: 'infoViewer', keys: [Perm.infoTypeView] });
    expect((await server.call(api.infoCategory.add, { systemCode: backoffice, name: 'Nope' }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.infoCategory.delete, { ids: `${inBackoffice}` }, viewer.as)).code).toBe(ResponseCode.Forbidden);
  });
});
