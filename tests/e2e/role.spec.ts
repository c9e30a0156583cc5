import { expect, test, type Locator, type Page } from '@playwright/test';
import { ResponseCode } from '../../src/shared/codes';
import type { MenuTreeNode } from '../../src/areas/role/contract';
import { roleMenu } from '../../src/server/db/schema';
import { apiCall, apiData, enterIdentity, hostForSpecFile, openConsole, signInAdmin, signInChangingPassword, startHostWithServer } from './host';

/**
 * Role management as an administrator does it (spec 001 §2 /role and /roleManage): create with menus, find,
 * edit (and a stale save refused), preview what a role grants, delete (refused while users hold the role);
 * and a role that may only view roles, which sees no action, is refused a forced call, and sees new buttons
 * without signing in again once an administrator grants them. The tests run in order on one host.
 */

test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHostWithServer);
const ROLE = 'E2E 调度员';
const VIEWER = { username: 'e2e_roleviewer', name: 'E2E 角色查看', password: 'Viewer_Pass1', own: 'Viewer_Own22' };

async function openRoleList(page: Page): Promise<Locator> {
  await page.getByTestId('side-menu').getByRole('button', { name: '角色管理' }).click();
  const list = page.getByTestId('role-list');
  await expect(list).toBeVisible();
  await expect(list.getByTestId('filter-org')).toHaveValue('远航物流集团');
  return list;
}

function rowOf(list: Locator, name: string): Locator {
  return list.getByTestId('list-row').filter({ has: list.page().getByRole('cell', { name, exact: true }) });
}

async function pickOrg(page: Page, cascader: Locator, name: string): Promise<void> {
  await expect(cascader).toBeEnabled();
  await cascader.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(cascader).toHaveValue(name);
}

const menuBox = (form: Locator, name: string) => form.getByTestId('role-menu-tree').getByRole('checkbox', { name, exact: true });

/** The ids a role form sends for the named pages of a tree: the pages and every menu above them. */
function idsFor(tree: readonly MenuTreeNode[], names: readonly string[]): number[] {
  const out: number[] = [];
  const visit = (node: MenuTreeNode, above: number[]) => {
    if (names.includes(node.name)) out.push(...above, node.menuId);
    node.children.forEach((child) => visit(child, [...above, node.menuId]));
  };
  tree.forEach((node) => visit(node, []));
  return [...new Set(out)];
}

test('creates a role with its menus; every rule is named', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openRoleList(page);
  await list.getByTestId('role-add').click();
  const form = page.getByTestId('role-form');
  await expect(form.getByRole('heading', { name: '新增角色' })).toBeVisible();
  await form.getByTestId('role-save').click();
  await expect(form.getByText('请输入角色名称')).toBeVisible();
  await expect(form.getByText('组织不能为空')).toBeVisible();
  await expect(form.getByText('请先选择所属组织，它决定可分配的菜单')).toBeVisible();

  await form.getByTestId('field-roleName').fill('ab');
  await form.getByTestId('role-save').click();
  await expect(form.getByText('长度在3到30个字符')).toBeVisible();
  await form.getByTestId('field-roleName').fill(ROLE);
  await form.getByTestId('field-remark').fill('华东的日志与服务中心');
  await pickOrg(page, form.getByTestId('field-deptId'), '华东分公司');
  // Only what 华东分公司 was given is offered: its information pages, not the role pages.
  await expect(menuBox(form, '操作日志')).toBeVisible();
  await expect(menuBox(form, '角色管理')).toHaveCount(0);
  await menuBox(form, '操作日志').check();
  await menuBox(form, '服务中心绑定').check();
  await form.getByTestId('role-save').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '新增成功' })).toBeVisible();
  await expect(page.getByTestId('role-form')).toHaveCount(0);
  const row = rowOf(list, ROLE);
  await expect(row).toContainText('华东分公司');
  await expect(row).toContainText('华东的日志与服务中心');
});

test('finds roles by organisation and name, and resets the filters', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openRoleList(page);
  await expect(list.getByTestId('pager-total')).toHaveText('共 5 条');
  await list.getByTestId('filter-name').fill('调度');
  await list.getByTestId('filter-search').click();
  await expect(list.getByTestId('list-row')).toHaveCount(1);
  await expect(rowOf(list, ROLE)).toBeVisible();
  await list.getByTestId('filter-name').fill('');
  await pickOrg(page, list.getByTestId('filter-org'), '华南分公司');
  await list.getByTestId('filter-search').click();
  await expect(list.getByTestId('list-row')).toHaveCount(1);
  await expect(rowOf(list, '分公司管理员')).toBeVisible();
  await list.getByTestId('filter-reset').click();
  await expect(list.getByTestId('pager-total')).toHaveText('共 5 条');
});

test('edits exactly one role; a stale save is refused and overwrites nothing', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openRoleList(page);
  await list.getByTestId('role-edit').click();
  await expect(page.getByTestId('toast-warning')).toContainText('请选择一条数据');
  await rowOf(list, ROLE).getByRole('checkbox').check();
  await list.getByTestId('role-edit').click();
  const form = page.getByTestId('role-form');
  await expect(form.getByTestId('field-roleName')).toHaveValue(ROLE);
  await expect(menuBox(form, '操作日志')).toBeChecked();
  await menuBox(form, '操作日志').uncheck();
  await form.getByTestId('field-remark').fill('只管服务中心');
  await form.getByTestId('role-save').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '修改成功' })).toBeVisible();
  await expect(rowOf(list, ROLE)).toContainText('只管服务中心');

  await rowOf(list, ROLE).getByRole('checkbox').check();
  await list.getByTestId('role-edit').click();
  await expect(menuBox(form, '操作日志')).not.toBeChecked();
  await expect(menuBox(form, '服务中心绑定')).toBeChecked();
  // Someone else saves the role meanwhile.
  const stored = (await apiData(page, 'role.list', { name: ROLE })).records[0]!;
  const info = await apiData(page, 'role.info', { roleId: stored.roleId });
  expect((await apiCall(page, 'role.update', { ...info, remark: '别人的修改' })).ok).toBe(true);
  await form.getByTestId('field-remark').fill('我的修改');
  await form.getByTestId('role-save').click();
  await expect(form.getByTestId('role-form-error')).toContainText('记录已被他人修改');
  expect((await apiData(page, 'role.info', { roleId: stored.roleId })).remark).toBe('别人的修改');
  await form.getByTestId('role-back').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();
});

test('previews the navigation and buttons a role grants', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openRoleList(page);
  await rowOf(list, '运营专员').getByRole('checkbox').check();
  await list.getByTestId('role-preview').click();
  const dialog = page.getByTestId('role-preview-dialog');
  await expect(dialog.getByRole('heading', { name: '角色预览：运营专员' })).toBeVisible();
  await expect(dialog.getByTestId('preview-system').first()).toContainText('后台管理系统');
  await expect(dialog.getByTestId('preview-menu').filter({ hasText: '信息列表' }).first()).toContainText('infoSave');
  await expect(dialog.getByTestId('preview-keys')).toContainText('userView');
  await expect(dialog.getByTestId('preview-keys')).not.toContainText('userSave');
  await dialog.getByTestId('role-preview-close').click();
  await expect(dialog).toHaveCount(0);
});

test('refuses to delete a role its users still hold, then deletes it after confirmation', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openRoleList(page);
  const stored = (await apiData(page, 'role.list', { name: ROLE })).records[0]!;
  const holder = await apiData(page, 'user.add', { username: 'e2e_holder', name: 'E2E 持有人', password: 'Holder_Pass1', deptId: stored.deptId, roleIdList: [stored.roleId] });
  await rowOf(list, ROLE).getByRole('checkbox').check();
  await list.getByTestId('role-delete').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('toast-error')).toContainText(`“${ROLE}”有 1 个用户`);
  await expect(rowOf(list, ROLE)).toBeVisible();

  expect((await apiCall(page, 'user.delete', { userIds: String(holder.userId) })).ok).toBe(true);
  await list.getByTestId('role-delete').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '删除成功' })).toBeVisible();
  await expect(rowOf(list, ROLE)).toHaveCount(0);
});

test('a role that may only view roles sees no action, is refused forced calls, and sees granted buttons without signing in again', async ({ page }) => {
  await signInAdmin(page, host);
  const admin = await apiData(page, 'session.roleSelect', {});
  const rootId = (await apiData(page, 'user.deptTree', { roleId: admin[0]!.roleId, type: 2 }))[0]!.deptId;
  const offered = await apiData(page, 'role.grantableMenus', { userRoleId: admin[0]!.roleId, deptId: rootId });
  const viewerRole = await apiData(page, 'role.add', { roleName: '角色只读', deptId: rootId, menuIdList: idsFor(offered.tree, ['角色管理']) });
  await apiData(page, 'user.add', { username: VIEWER.username, name: VIEWER.name, password: VIEWER.password, deptId: rootId, roleIdList: [viewerRole.roleId] });

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-sign-out').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();
  await openConsole(page, host);
  await signInChangingPassword(page, VIEWER.username, VIEWER.password, VIEWER.own);
  await enterIdentity(page);
  const list = await openRoleList(page);
  await expect(rowOf(list, '运营专员')).toBeVisible();
  for (const action of ['role-add', 'role-edit', 'role-delete']) await expect(list.getByTestId(action)).toHaveCount(0);
  expect(await apiCall(page, 'role.add', { roleName: '强行新增', deptId: rootId })).toMatchObject({ ok: false, code: ResponseCode.Forbidden });
  expect(await apiCall(page, 'role.delete', { roleIds: String(viewerRole.roleId) })).toMatchObject({ ok: false, code: ResponseCode.Forbidden });

  // An administrator grants the role's add button (on the server, as from another workstation): it appears by itself.
  const { server } = host;
  const flat = offered.tree.flatMap(function all(node: MenuTreeNode): MenuTreeNode[] {
    return [node, ...node.children.flatMap(all)];
  });
  const roleAdd = flat.find((node) => node.name === '角色管理')!.children.find((button) => button.name === '新增')!;
  await server.services.db.insert(roleMenu).values({ roleId: viewerRole.roleId, menuId: roleAdd.menuId, halfChecked: false });
  server.services.authz.changed();
  await expect(list.getByTestId('role-add')).toBeVisible({ timeout: 15_000 });
  await expect(list.getByTestId('role-delete')).toHaveCount(0);
});
