import { expect, test, type Locator, type Page } from '@playwright/test';
import { ResponseCode } from '../../src/shared/codes';
import { Route } from '../../src/shared/routes';
import { apiCall, apiData, enterIdentity, hostForSpecFile, openConsole, signInAdmin, signInChangingPassword, startHost, tabPane, toast } from './host';

/**
 * Organisation management as an administrator does it (spec 001 §2 /department and /depManage): create a
 * company with the legal person's ID card (a real upload, refused when it is no image or too large), find and
 * edit it, add a department under it, the selection warnings, a delete refused while a sub-organisation
 * remains, then both deleted together; and a role with the view key only, which sees no action and whose
 * forced calls the server refuses. The tests run in order on one host.
 */

test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHost);

const COMPANY = { name: 'E2E苏州分公司', code: '91320594MA1XXXXX0Y', phone: '0512-60000000', newPhone: '0512-66666666' };
const DEPARTMENT = 'E2E园区营业部';
const SOUTH_ADMIN = { username: 'e2e_south', name: 'E2E 华南管理', password: 'South_Pass1', own: 'South_Own22' };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const listPane = (page: Page) => tabPane(page, Route.department);
const deptRow = (page: Page, name: string) => listPane(page).getByTestId('tree-row').filter({ hasText: name });

async function openDeptList(page: Page, firstOrg = '远航物流集团'): Promise<Locator> {
  await page.getByTestId('side-menu').getByRole('button', { name: '组织管理' }).click();
  const list = page.getByTestId('dept-list');
  await expect(list).toBeVisible();
  await expect(list.getByTestId('filter-org')).toHaveValue(firstOrg);
  return list;
}

async function pickOrg(page: Page, cascader: Locator, name: string): Promise<void> {
  await expect(cascader).toBeEnabled();
  await cascader.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(cascader).toHaveValue(name);
}

/** The image of an upload field has loaded: the browser host served the stored file to the page. */
async function expectImageShown(field: Locator): Promise<void> {
  const image = field.locator('img');
  await expect(image).toHaveAttribute('src', /^\/__bridge\/files\/\d+\?secret=/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('creates a company with the ID card of its legal person; refuses files that are no image or too large', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openDeptList(page);
  await list.getByTestId('dept-add').click();

  const form = page.getByTestId('dept-form');
  await expect(form.getByRole('heading', { name: '新增组织' })).toBeVisible();
  await form.getByTestId('dept-save').click();
  await expect(form.getByText('请输入组织名称')).toBeVisible();
  await expect(form.getByText('请选择组织类型')).toBeVisible();
  // Company-only fields appear for a company only.
  await expect(form.getByTestId('field-legalPerson')).toHaveCount(0);

  await form.getByTestId('field-name').fill(COMPANY.name);
  await form.getByTestId('field-deptType').getByRole('radio', { name: '公司' }).check();
  await pickOrg(page, form.getByTestId('field-parentId'), '华东分公司');
  await form.getByTestId('field-telephone').fill(COMPANY.phone);
  await form.getByTestId('field-companyCode').fill(COMPANY.code);
  await form.getByTestId('field-legalPerson').fill('林峰');
  await form.getByTestId('field-establishTime').fill('2999-01-01');
  await form.getByTestId('field-establishTime').blur();
  await expect(form.getByText('成立日期不能晚于今天')).toBeVisible();
  await form.getByTestId('field-establishTime').fill('2020-05-01');
  await form.getByTestId('field-establishTime').press('Enter');
  await expect(form.getByText('成立日期不能晚于今天')).toHaveCount(0);

  const front = form.getByTestId('field-idCardFront');
  // A text file named .png passes the quick check of the name; the server reads the bytes and refuses it.
  await front.getByTestId('field-idCardFront-input').setInputFiles({ name: 'renamed.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not an image') });
  await expect(toast(page, 'error', '上传头像图片只能是 jpg、jpeg、png 格式')).toBeVisible();
  await front.getByTestId('field-idCardFront-input').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024) });
  await expect(toast(page, 'warning', '上传图片大小不能超过 2MB')).toBeVisible();
  await expect(front.locator('img')).toHaveCount(0);

  await front.getByTestId('field-idCardFront-input').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await expectImageShown(front);
  const back = form.getByTestId('field-idCardBack');
  await back.getByTestId('field-idCardBack-input').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
  await expectImageShown(back);

  await form.getByTestId('dept-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();
  // Back on the list after the pause of spec 001 §2.
  await expect(page.getByTestId('dept-form')).toHaveCount(0);
  await expect(deptRow(page, COMPANY.name)).toBeVisible();
  await expect(deptRow(page, COMPANY.name)).toContainText(COMPANY.phone);
});

test('finds the company under its parent, edits it and adds a department below it', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openDeptList(page);
  await pickOrg(page, list.getByTestId('filter-org'), '华东分公司');
  await list.getByTestId('filter-search').click();
  await expect(deptRow(page, '华南分公司')).toHaveCount(0);
  await deptRow(page, COMPANY.name).click();
  await expect(list.getByTestId('dept-selected-count')).toHaveText('已选择 1 项');
  await list.getByTestId('dept-edit').click();

  const form = page.getByTestId('dept-form');
  await expect(form.getByRole('heading', { name: `修改组织：${COMPANY.name}` })).toBeVisible();
  await expect(form.getByTestId('field-companyCode')).toHaveValue(COMPANY.code);
  await expect(form.getByTestId('field-parentId')).toHaveValue('华东分公司');
  await expectImageShown(form.getByTestId('field-idCardFront'));
  await form.getByTestId('field-telephone').fill(COMPANY.newPhone);
  await form.getByTestId('dept-save').click();
  await expect(toast(page, 'success', '修改成功')).toBeVisible();
  await expect(page.getByTestId('dept-form')).toHaveCount(0);
  await expect(deptRow(page, COMPANY.name)).toContainText(COMPANY.newPhone);

  // The list kept its choice while the form was open. Add with one row chosen: the new organisation goes below it.
  await expect(list.getByTestId('dept-selected-count')).toHaveText('已选择 1 项');
  await list.getByTestId('dept-add').click();
  const child = page.getByTestId('dept-form');
  await expect(child.getByTestId('field-parentId')).toHaveValue(COMPANY.name);
  await child.getByTestId('field-name').fill(DEPARTMENT);
  await child.getByTestId('field-deptType').getByRole('radio', { name: '部门' }).check();
  await expect(child.getByTestId('field-idCardFront')).toHaveCount(0);
  await child.getByTestId('dept-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();
  await expect(deptRow(page, DEPARTMENT)).toBeVisible();
});

test('warns about the selection, refuses deleting a company that keeps a department, and deletes both together', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openDeptList(page);
  await list.getByTestId('dept-edit').click();
  await expect(toast(page, 'warning', '请选择部门')).toBeVisible();
  await list.getByTestId('dept-delete').click();
  await expect(toast(page, 'warning', '请选择要删除的部门')).toBeVisible();

  await deptRow(page, COMPANY.name).click();
  await deptRow(page, DEPARTMENT).click();
  await expect(list.getByTestId('dept-selected-count')).toHaveText('已选择 2 项');
  await list.getByTestId('dept-edit').click();
  await expect(toast(page, 'warning', '只能选择一个部门')).toBeVisible();
  await list.getByTestId('dept-add').click();
  await expect(toast(page, 'warning', '只能选择一个部门')).toHaveCount(2);

  // Only the company: it still has its department.
  await deptRow(page, DEPARTMENT).click();
  await list.getByTestId('dept-delete').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(COMPANY.name);
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'error', `${COMPANY.name}不能删除：仍有1个下级组织`)).toBeVisible();
  await expect(deptRow(page, COMPANY.name)).toBeVisible();

  await deptRow(page, DEPARTMENT).click();
  await list.getByTestId('dept-delete').click();
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'success', '删除成功')).toBeVisible();
  await expect(deptRow(page, COMPANY.name)).toHaveCount(0);
  await expect(deptRow(page, DEPARTMENT)).toHaveCount(0);
});

test('a role with the view key only sees no action, and the server refuses its forced calls', async ({ page }) => {
  await signInAdmin(page, host);
  const orgs = await apiData(page, 'user.deptList', {});
  const south = orgs.find((org) => org.name === '华南分公司')!;
  const east = orgs.find((org) => org.name === '华东分公司')!;
  const southAdmin = (await apiData(page, 'user.rolesByDept', { deptId: south.deptId })).find((role) => role.roleName === '分公司管理员')!;
  await apiData(page, 'user.add', { username: SOUTH_ADMIN.username, name: SOUTH_ADMIN.name, password: SOUTH_ADMIN.password, deptId: south.deptId, roleIdList: [southAdmin.roleId] });

  await openConsole(page, host);
  await signInChangingPassword(page, SOUTH_ADMIN.username, SOUTH_ADMIN.password, SOUTH_ADMIN.own);
  await enterIdentity(page);
  const list = await openDeptList(page, '华南分公司');
  await expect(deptRow(page, '广州转运中心')).toBeVisible();
  await expect(deptRow(page, '华东分公司')).toHaveCount(0);
  for (const action of ['dept-add', 'dept-edit', 'dept-delete']) await expect(list.getByTestId(action)).toHaveCount(0);
  await expect(list.getByRole('button', { name: '新增', exact: true })).toHaveCount(0);

  const record = await apiData(page, 'dept.info', { deptId: south.deptId });
  const forced = [
    await apiCall(page, 'dept.add', { name: '强行新增', deptType: '1', parentId: south.deptId }),
    await apiCall(page, 'dept.update', { ...record, deptType: '1', sysDeptResourceEntityList: [], name: '强行修改' }),
    await apiCall(page, 'dept.delete', { deptIds: String(south.deptId) }),
  ];
  for (const answer of forced) expect(answer).toMatchObject({ ok: false, code: ResponseCode.Forbidden });
  // Outside its subtree nothing is shown either.
  expect(await apiCall(page, 'dept.info', { deptId: east.deptId })).toMatchObject({ ok: false, code: ResponseCode.OutOfScope });
  expect(await apiCall(page, 'dept.list', { deptId: east.deptId })).toMatchObject({ ok: false, code: ResponseCode.OutOfScope });
});
