import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { API_PREFIX, MenuType } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import { fileApiUrl } from '../../../shared/contract/file';
import { API_KEY_HEADER, publishedFileUrl, type ArticleForm } from '../contract';
import { Perm } from '../../../shared/permissions';
import { file, interfaceLog, menu, operationLog } from '../../../server/db/schema';
import { systemApiKey } from '../../../server/db/tables';
import { purgeExpired } from '../../../server/maintenance/purge';
import { signInAdminActor, signInBranchAdmin, signInWithRole, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';
import { UNREFERENCED_FILE_GRACE_MS } from '../../../server/platform/file/files';
import { GIF_1PX, PNG_1PX, readFile, uploadedId } from '../../../server/platform/file/test-files';

let server: TestServer;
let admin: Actor;
let backoffice: number;
let logistics: number;
let logisticsKey: string;
let backofficeKey: string;

beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
  backoffice = await systemId('backoffice');
  logistics = await systemId('logistics');
  logisticsKey = await keyOf(logistics);
  backofficeKey = await keyOf(backoffice);
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

async function keyOf(system: number): Promise<string> {
  return (await server.services.db.select().from(systemApiKey).where(eq(systemApiKey.systemMenuId, system)))[0]!.apiKey;
}

async function category(name: string, system: number, haveImage: 0 | 1 = 0): Promise<number> {
  const answer = await server.call(api.infoCategory.add, { systemCode: system, name, haveImage, imageDesc: haveImage ? 'Cover photo, 16:9' : '' }, admin.as);
  return answer.data!.id;
}

function form(classificationId: number, overrides: Partial<ArticleForm> = {}): ArticleForm {
  return {
    systemCode: logistics,
    apiKey: logisticsKey,
    classificationId,
    typeCode: 'news',
    title: 'Route changes',
    sort: 10,
    display: 1,
    keywords: 'route',
    content: '<p>New routes from Monday.</p>',
    ...overrides,
  };
}

async function addArticle(input: ArticleForm, as = admin.as): Promise<number> {
  const answer = await server.call(api.information.add, input, as);
  if (!answer.data) throw new Error(`add failed: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}

const published = (key: string | null, query: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `${API_PREFIX}${api.information.published.path}`, query, headers: { language: 'en_US', ...(key === null ? {} : { [API_KEY_HEADER]: key }) } });

describe('information articles', () => {
  it('adds an article with sanitised content, reads it back for the form and lists it with its names', async () => {
    const news = await category('News', logistics);
    const id = await addArticle(form(news, { content: '<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:alert(2)">x</a> <strong>bold</strong></p>' }));
    const info = await server.call(api.information.info, { id }, admin.as);
    expect(info.data).toMatchObject({
      id,
      systemCode: logistics,
      systemName: 'Logistics operations',
      apiKey: logisticsKey,
      classificationId: news,
      classificationName: 'News',
      title: 'Route changes',
      sort: 10,
      display: 1,
      top: 0,
      createName: expect.any(String),
      imageId: null,
      imageUrl: null,
      version: 1,
    });
    expect(info.data!.content).toBe('<p>Hello <a>x</a> <strong>bold</strong></p>');
    const list = await server.call(api.information.list, { pageNum: 1, pageSize: 10, title: 'route', classificationName: 'new' }, admin.as);
    expect(list.data!.records.map((r) => [r.id, r.classificationName, r.systemName])).toEqual([[id, 'News', 'Logistics operations']]);
    expect((await server.call(api.information.list, { pageNum: 1, pageSize: 10, classificationName: 'other' }, admin.as)).data!.total).toBe(0);

    const categories = await server.call(api.information.categories, { systemCode: logistics }, admin.as);
    expect(categories.data).toEqual([{ id: news, name: 'News', haveImage: 0, imageDesc: '' }]);
  });

  it('applies the form rules and ties category, API key and image to the system', async () => {
    const news = await category('News', logistics);
    const photos = await category('Photos', logistics, 1);
    const elsewhere = await category('Elsewhere', backoffice);
    const add = (input: Partial<ArticleForm> & Record<string, unknown>) => server.call(api.information.add, { ...form(news), ...input } as ArticleForm, admin.as);
    expect((await add({ title: '' })).msg).toBe('title: please enter a title');
    expect((await add({ title: 'x'.repeat(31) })).msg).toBe('title: 1 to 30 characters');
    expect((await add({ sort: 1000 })).msg).toBe('sort: sort must be a whole number from 0 to 999');
    expect((await add({ sort: -1 })).msg).toBe('sort: sort must be a whole number from 0 to 999');
    expect((await add({ typeCode: 'gossip' as never })).msg).toBe('typeCode: is not one of the allowed values');
    expect((await add({ content: '' })).msg).toBe('content: please enter the content');
    expect((await add({ content: '<p><br></p><script>alert(1)</script>' })).msg).toBe('content: the content is empty: enter some text or insert an image');
    expect((await add({ classificationId: elsewhere })).msg).toBe('classificationId: the category does not belong to the chosen system');
    expect((await add({ apiKey: backofficeKey })).msg).toBe('apiKey: the API key does not belong to the chosen system');
    const image = await uploadedId(server, 'articleImage', admin.as);
    expect((await add({ imageId: image })).msg).toBe('imageId: the chosen category takes no image');
    const idCard = await uploadedId(server, 'idCard', admin.as);
    expect((await add({ classificationId: photos, imageId: idCard })).code).toBe(ResponseCode.InvalidInput);
    expect((await add({ content: `<p><img src="${fileApiUrl(idCard)}"></p>` })).msg).toBe(
      'content: images in the content must be article images you uploaded yourself or images an article you can see already shows',
    );

    await server.services.db.update(systemApiKey).set({ status: 2 }).where(eq(systemApiKey.apiKey, logisticsKey));
    expect((await add({})).msg).toBe('apiKey: the chosen API key is not in use');
  });

  it('orders pinned first, then by sort, then newest; pins, hides and refuses stale saves', async () => {
    const news = await category('News', logistics);
    const a = await addArticle(form(news, { title: 'A', sort: 5 }));
    const b = await addArticle(form(news, { title: 'B', sort: 1 }));
    const c = await addArticle(form(news, { title: 'C', sort: 5 }));
    const order = async () => (await server.call(api.information.list, { pageNum: 1, pageSize: 10 }, admin.as)).data!.records.map((r) => r.title);
    expect(await order()).toEqual(['B', 'C', 'A']);
    expect((await server.call(api.information.top, { id: a, top: 1 }, admin.as)).data).toEqual({ id: a, version: 2 });
    expect(await order()).toEqual(['A', 'B', 'C']);
    await server.call(api.information.top, { id: a, top: 0 }, admin.as);
    expect(await order()).toEqual(['B', 'C', 'A']);

    expect((await server.call(api.information.display, { id: c, display: 0 }, admin.as)).code).toBe(ResponseCode.Success);
    const stale = await server.call(api.information.update, { ...form(news, { title: 'C2' }), id: c, version: 1 }, admin.as);
    expect(stale.code).toBe(ResponseCode.StaleRecord);
    const saved = await server.call(api.information.update, { ...form(news, { title: 'C2', display: 0 }), id: c, version: 2 }, admin.as);
    expect(saved.data).toEqual({ id: c, version: 3 });

    await server.services.audit.flush();
    const logs = await server.services.db.select().from(operationLog);
    expect(logs.find((l) => l.entryType === 'top')?.afterOperation).toMatchObject({ id: a, top: 1 });
    expect(logs.find((l) => l.entryType === 'display')?.beforeOperation).toMatchObject({ id: c, display: 1 });
    expect(logs.find((l) => l.entryType === 'update' && l.operationContent.includes('C2'))?.beforeOperation).toMatchObject({ title: 'C', content: '<p>New routes from Monday.</p>' });

    expect((await server.call(api.information.delete, { ids: `${a},${b}` }, admin.as)).code).toBe(ResponseCode.Success);
    expect(await order()).toEqual(['C2']);
  });

  it('keeps a role to the articles of its systems', async () => {
    const inLogistics = await addArticle(form(await category('News', logistics)));
    const branch = await signInBranchAdmin(server, { username: 'infoEditor', keys: [Perm.infoView, Perm.infoSave, Perm.infoUpdate, Perm.infoDelete, Perm.infoTop, Perm.infoDisplay] });
    expect((await server.call(api.information.list, { pageNum: 1, pageSize: 10 }, branch.as)).data!.total).toBe(0);
    expect((await server.call(api.information.info, { id: inLogistics }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.information.categories, { systemCode: logistics }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    // Articles are published to every user of a system: only a role of the whole company changes them (issue 46 L1).
    for (const answer of [
      await server.call(api.information.top, { id: inLogistics, top: 1 }, branch.as),
      await server.call(api.information.display, { id: inLogistics, display: 0 }, branch.as),
      await server.call(api.information.delete, { ids: `${inLogistics}` }, branch.as),
      await server.call(api.information.add, form(await category('Mine', backoffice), { systemCode: backoffice }), branch.as),
    ]) {
      expect(answer.code).toBe(ResponseCode.Forbidden);
      expect(answer.msg).toMatch(/whole company/);
    }

    const viewer = await signInBranchAdmin(server, { username: 'infoReader', keys: [Perm.infoView] });
    expect((await server.call(api.information.top, { id: inLogistics, top: 1 }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.information.display, { id: inLogistics, display: 1 }, viewer.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('published information', () => {
  it("gives a usable key its system's displayed articles, pinned first, with images on the key-guarded route", async () => {
    const photos = await category('Photos', logistics, 1);
    const cover = await uploadedId(server, 'articleImage', admin.as);
    const inline = await uploadedId(server, 'articleImage', admin.as, GIF_1PX);
    const first = await addArticle(form(photos, { title: 'First', sort: 1, imageId: cover, content: `<p>See <img src="${fileApiUrl(inline)}" alt="map"></p>` }));
    const pinned = await addArticle(form(photos, { title: 'Pinned', sort: 9 }));
    await server.call(api.information.top, { id: pinned, top: 1 }, admin.as);
    await addArticle(form(photos, { title: 'Hidden', sort: 0, display: 0 }));
    await addArticle({ ...form(await category('Back', backoffice)), systemCode: backoffice, apiKey: backofficeKey, title: 'Other system' });

    const answer = await published(logisticsKey);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.code).toBe(ResponseCode.Success);
    expect(body.data).toMatchObject({ systemCode: logistics, systemName: 'Logistics operations', total: 2 });
    expect(body.data.records.map((r: { title: string }) => r.title)).toEqual(['Pinned', 'First']);
    const firstRecord = body.data.records[1];
    expect(firstRecord).toMatchObject({ id: first, imageUrl: publishedFileUrl(cover), classificationName: 'Photos' });
    expect(firstRecord.content).toBe(`<p>See <img src="${publishedFileUrl(inline)}" alt="map" /></p>`);

    const image = (id: number, key: string | null) =>
      server.app.inject({ method: 'GET', url: publishedFileUrl(id), headers: { language: 'en_US', ...(key === null ? {} : { [API_KEY_HEADER]: key }) } });
    const coverRead = await image(cover, logisticsKey);
    expect(coverRead.statusCode).toBe(200);
    expect(Buffer.compare(coverRead.rawPayload, PNG_1PX)).toBe(0);
    expect((await image(inline, logisticsKey)).headers['content-type']).toContain('image/gif');
    // Another system's key, no key, or a file no published article shows: nothing.
    expect((await image(cover, backofficeKey)).json().code).toBe(ResponseCode.NotFound);
    expect((await image(cover, null)).json().msg).toBe("apiKey: send the system's API key in the X-Api-Key header");
    const idCard = await uploadedId(server, 'idCard', admin.as);
    expect((await image(idCard, logisticsKey)).json().code).toBe(ResponseCode.NotFound);
    // A key in the query is not a key.
    expect((await server.app.inject({ method: 'GET', url: `${publishedFileUrl(cover)}?apiKey=${logisticsKey}` })).json().code).toBe(ResponseCode.InvalidInput);

    // Hiding the article takes its images off the route at once.
    await server.call(api.information.display, { id: first, display: 0 }, admin.as);
    expect((await image(cover, logisticsKey)).json().code).toBe(ResponseCode.NotFound);
    expect((await published(logisticsKey)).json().data.records.map((r: { title: string }) => r.title)).toEqual(['Pinned']);
  });

  it('refuses an unknown or stopped key, and keeps the key out of the interface log', async () => {
    const news = await category('News', logistics);
    await addArticle(form(news));
    expect((await published('not-a-key')).json()).toMatchObject({ code: ResponseCode.Unauthorized, msg: 'the API key is unknown or not in use' });
    expect((await published(null)).json().code).toBe(ResponseCode.InvalidInput);
    expect((await published(logisticsKey)).json().data.total).toBe(1);
    await server.services.db.update(systemApiKey).set({ status: 2 }).where(eq(systemApiKey.apiKey, logisticsKey));
    expect((await published(logisticsKey)).json().code).toBe(ResponseCode.Unauthorized);

    await server.services.audit.flush();
    const rows = await server.services.db
      .select({ requestParam: interfaceLog.requestParam })
      .from(interfaceLog)
      .where(eq(interfaceLog.path, `${API_PREFIX}${api.information.published.path}`));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(logisticsKey);
  });

  it('keeps images shown in content from the purge and lets go of images an article no longer shows', async () => {
    const photos = await category('Photos', logistics, 1);
    const inline = await uploadedId(server, 'articleImage', admin.as);
    const cover = await uploadedId(server, 'articleImage', admin.as);
    const id = await addArticle(form(photos, { imageId: cover, content: `<p><img src="${fileApiUrl(inline)}"></p>` }));
    // Both uploads are older than the grace period: only their use keeps them.
    await server.services.db.update(file).set({ createTime: new Date(server.clock.now().getTime() - UNREFERENCED_FILE_GRACE_MS - 60_000) });
    await purgeExpired(server.services.db, server.clock.now());
    const stored = async () => (await server.services.db.select({ fileId: file.fileId }).from(file)).map((f) => f.fileId).sort((x, y) => x - y);
    expect(await stored()).toEqual([inline, cover].sort((x, y) => x - y));
    expect((await readFile(server, fileApiUrl(inline), admin.as)).status).toBe(200);

    // The image taken out of the content and the replaced cover go; the new cover stays.
    const newCover = await uploadedId(server, 'articleImage', admin.as);
    const saved = await server.call(api.information.update, { ...form(photos, { imageId: newCover, content: '<p>text only</p>' }), id, version: 1 }, admin.as);
    expect(saved.code).toBe(ResponseCode.Success);
    expect(await stored()).toEqual([newCover]);
    await server.call(api.information.delete, { ids: `${id}` }, admin.as);
    expect(await stored()).toEqual([]);
  });

  it("refuses content showing a colleague's upload that no article shows, so saving one's own article cannot delete it (security review 2, L2)", async () => {
    const photos = await category('Photos', logistics, 1);
    const colleague = await signInWithRole(server, 'editor2', admin.roleId);
    const draft = await uploadedId(server, 'articleImage', colleague.as);
    const id = await addArticle(form(photos));
    const stored = async () => (await server.services.db.select({ fileId: file.fileId }).from(file)).map((f) => f.fileId);

    const taken = await server.call(api.information.update, { ...form(photos, { content: `<p><img src="${fileApiUrl(draft)}"></p>` }), id, version: 1 }, admin.as);
    expect(taken).toMatchObject({ code: ResponseCode.InvalidInput, data: null });
    expect(taken.msg).toContain('images in the content must be article images you uploaded yourself');
    expect(await stored()).toContain(draft);
    const added = await server.call(api.information.add, form(photos, { content: `<p><img src="${fileApiUrl(draft)}"></p>` }), admin.as);
    expect(added.code).toBe(ResponseCode.InvalidInput);

    // Once the colleague's article shows it, another article may show it too; letting go of it there keeps it.
    const theirs = await addArticle(form(photos, { title: 'Depot photo', content: `<p><img src="${fileApiUrl(draft)}"></p>` }), colleague.as);
    const shared = await server.call(api.information.update, { ...form(photos, { content: `<p><img src="${fileApiUrl(draft)}"></p>` }), id, version: 1 }, admin.as);
    expect(shared.code).toBe(ResponseCode.Success);
    const back = await server.call(api.information.update, { ...form(photos, { content: '<p>text only</p>' }), id, version: 2 }, admin.as);
    expect(back.code).toBe(ResponseCode.Success);
    expect(await stored()).toContain(draft);
    expect((await server.call(api.information.info, { id: theirs }, colleague.as)).data?.content).toContain(fileApiUrl(draft));
  });

  it('counts only an image showing a file as its use: alt text or words naming its address do not keep it from the purge (security review 2, L2)', async () => {
    const upload = await uploadedId(server, 'articleImage', admin.as);
    const address = fileApiUrl(upload);
    const news = await category('News', logistics);
    await addArticle(form(news, { content: `<p>see "${address}" <img src="https://cdn.example.com/a.png" alt="${address}"></p>` }));
    await server.services.db.update(file).set({ createTime: new Date(server.clock.now().getTime() - UNREFERENCED_FILE_GRACE_MS - 60_000) });
    await purgeExpired(server.services.db, server.clock.now());
    expect(await server.services.db.select({ fileId: file.fileId }).from(file)).toEqual([]);
  });
});
