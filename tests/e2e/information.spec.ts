import { expect, test, type Locator, type Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { MenuType } from '../../src/shared/constants';
import { api } from '../../src/shared/contract';
import { API_KEY_HEADER } from '../../src/areas/information/contract';
import { Route } from '../../src/shared/routes';
import { menu } from '../../src/server/db/schema';
import { systemApiKey } from '../../src/server/db/tables';
import { hostForSpecFile, signInAdmin, startHostWithServer, tabPane, toast } from './host';

/**
 * Information as an editor publishes it (spec 001 §2 /inforTypeManage, /addManage, /information,
 * /addInforMation): a category whose articles carry an image, an article with an image uploaded through
 * the form (a file that is no image refused), pinned and shown, then read back by the system itself through
 * its API key on the published-information API, the image included; hidden, it is gone from there.
 */

test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHostWithServer);

const CATEGORY = { name: 'E2E司机指南', imageDesc: '封面图片，建议16:9' };
const ARTICLE = { title: 'E2E新线路通知', body: '下周一起启用新线路' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The seeded logistics system (物流运营系统) and its seeded API key. */
async function logisticsKey(): Promise<{ systemName: string; apiKey: string }> {
  const db = host.server.services.db;
  const system = (
    await db
      .select()
      .from(menu)
      .where(and(eq(menu.type, MenuType.System), eq(menu.perms, 'logistics')))
  )[0]!;
  const key = (await db.select().from(systemApiKey).where(eq(systemApiKey.systemMenuId, system.menuId)))[0]!;
  return { systemName: system.name, apiKey: key.apiKey };
}

async function openScreen(page: Page, name: string, testId: string): Promise<Locator> {
  await page.getByTestId('top-menu').getByRole('button', { name: '信息管理' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name, exact: true }).click();
  const list = page.getByTestId(testId);
  await expect(list).toBeVisible();
  return list;
}

async function pick(page: Page, dropdown: Locator, option: string | RegExp): Promise<void> {
  await expect(dropdown).toBeEnabled();
  await dropdown.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The published-information API as a system calls it: no session, its key in the header. */
async function readPublished(apiKey: string): Promise<{ code: string; msg: string; data?: { records: Array<{ title: string; imageUrl: string | null; content: string }> } }> {
  const response = await fetch(`${host.server.url}/api${api.information.published.path}`, { headers: { [API_KEY_HEADER]: apiKey, language: 'zh_CN' } });
  return (await response.json()) as never;
}

test('adds a category whose articles carry an image', async ({ page }) => {
  const { systemName } = await logisticsKey();
  await signInAdmin(page, host);
  const list = await openScreen(page, '信息分类', 'category-list');
  await list.getByTestId('category-add').click();

  const form = page.getByTestId('category-form');
  await expect(form.getByRole('heading', { name: '新增资讯分类' })).toBeVisible();
  await form.getByTestId('category-save').click();
  await expect(form.getByRole('alert').filter({ hasText: '请选择系统' })).toBeVisible();
  // The image description appears with the image switch, and is then required.
  await expect(form.getByTestId('field-imageDesc')).toHaveCount(0);
  await form.getByTestId('field-haveImage').click();
  await pick(page, form.getByTestId('field-systemCode'), systemName);
  await form.getByTestId('field-name').fill(CATEGORY.name);
  await form.getByTestId('field-imageDesc').fill('太短');
  await form.getByTestId('category-save').click();
  await expect(form.getByText('长度在5到50个字符')).toBeVisible();
  await form.getByTestId('field-imageDesc').fill(CATEGORY.imageDesc);
  await form.getByTestId('category-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();

  const pane = tabPane(page, Route.inforTypeManage);
  const row = pane.getByTestId('list-row').filter({ hasText: CATEGORY.name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(systemName);
  await expect(row.getByRole('switch')).toBeChecked();
});

test('publishes an article with an image, refusing a file that is no image, and a system reads it back with its API key', async ({ page }) => {
  const { systemName, apiKey } = await logisticsKey();
  await signInAdmin(page, host);
  const list = await openScreen(page, '信息列表', 'article-list');
  await list.getByTestId('article-add').click();

  const form = page.getByTestId('article-form');
  await expect(form.getByRole('heading', { name: '新增资讯' })).toBeVisible();
  await form.getByTestId('article-save').click();
  await expect(form.getByRole('alert').filter({ hasText: '请选择系统' })).toBeVisible();
  await expect(toast(page, 'warning', '内容为空，请输入文字或插入图片')).toBeVisible();

  await pick(page, form.getByTestId('field-systemCode'), systemName);
  await pick(page, form.getByTestId('field-apiKey'), new RegExp(apiKey));
  // The image upload appears only for a category with an image, its description as the hint.
  await expect(form.getByTestId('field-imageId')).toHaveCount(0);
  await pick(page, form.getByTestId('field-classificationId'), CATEGORY.name);
  await expect(form.getByText(CATEGORY.imageDesc, { exact: false })).toBeVisible();
  await pick(page, form.getByTestId('field-typeCode'), '公告');
  await form.getByTestId('field-title').fill(ARTICLE.title);
  await form.getByTestId('field-sort').fill('5');

  const image = form.getByTestId('field-imageId');
  await image.getByTestId('field-imageId-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not an image') });
  await expect(toast(page, 'error', '上传图片只能是 jpg、jpeg、png、gif 格式')).toBeVisible();
  await image.getByTestId('field-imageId-input').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024) });
  await expect(toast(page, 'warning', '上传图片大小不能超过 5MB')).toBeVisible();
  await expect(image.locator('img')).toHaveCount(0);
  await image.getByTestId('field-imageId-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(image.locator('img')).toHaveAttribute('src', /^\/__bridge\/files\/\d+\?secret=/);

  const content = form.getByTestId('field-content-content');
  await content.click();
  await page.keyboard.type(ARTICLE.body);
  await form.getByTestId('article-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();

  const pane = tabPane(page, Route.information);
  const row = pane.getByTestId('list-row').filter({ hasText: ARTICLE.title });
  await expect(row).toBeVisible();
  await expect(row).toContainText(CATEGORY.name);
  await row.getByRole('button', { name: `置顶 ${ARTICLE.title}` }).click();
  await expect(toast(page, 'success', '置顶成功')).toBeVisible();
  await expect(row.getByText('已置顶')).toBeVisible();

  // The system reads its published information with its key: the article, its image on the key-guarded route.
  const published = await readPublished(apiKey);
  expect(published.code).toBe('00000');
  const article = published.data!.records.find((r) => r.title === ARTICLE.title)!;
  expect(article.content).toContain(ARTICLE.body);
  expect(article.imageUrl).toMatch(/^\/api\/open\/info\/files\/\d+$/);
  const imageRead = await fetch(`${host.server.url}${article.imageUrl}`, { headers: { [API_KEY_HEADER]: apiKey } });
  expect(imageRead.headers.get('content-type')).toContain('image/png');
  expect(Buffer.compare(Buffer.from(await imageRead.arrayBuffer()), PNG)).toBe(0);
  expect((await readPublished('no-such-key')).code).toBe('401');

  // Hidden from the list, it is gone from the published information at once.
  await row.getByRole('switch').click();
  await expect(toast(page, 'success', '已隐藏')).toBeVisible();
  expect((await readPublished(apiKey)).data!.records.map((r) => r.title)).not.toContain(ARTICLE.title);
});

test('refuses to delete a category that still holds an article, naming it', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openScreen(page, '信息分类', 'category-list');
  const row = list.getByTestId('list-row').filter({ hasText: CATEGORY.name });
  await row.getByRole('button', { name: `删除 ${CATEGORY.name}` }).click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'error', `分类下仍有资讯，不能删除：${CATEGORY.name}`)).toBeVisible();
  await expect(row).toBeVisible();
});
