import { expect, test, type Locator, type Page } from '@playwright/test';
import { ResponseCode } from '../../src/shared/codes';
import type { MenuTreeNode } from '../../src/areas/role/contract';
import { apiCall, apiData, enterIdentity, hostForSpecFile, openConsole, signInAdmin, signInChangingPassword, startHost } from './host';

/**
 * Resource assignment as an administrator does it (spec 001 §2 /resource, §4, §5): choosing an organisation
 * and a system, saving menus, the warning when either is missing, and taking a menu away from an
 * organisation whose role holds it (listed, confirmed, taken from the role too); and a role that may only
 * view resources, which sees no save button and is refused a forced save. The tests run in order on one host.
 */

test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHost);

async function openResources(page: Page): Promise<Locator> {
  await page.getByTestId('side-menu').getByRole('button', { name: '资源分配' }).click();
  const screen = page.getByTestId('resource-screen');
  await expect(screen).toBeVisible();
  return screen;
}

const orgButton = (screen: Locator, name: string) => screen.getByTestId('resource-org').filter({ hasText: new RegExp(`^${name}$`) });
const systemButton = (screen: Locator, name: string) => screen.getByTestId('resource-system').filter({ hasText: name });
const menuBox = (screen: Locator, name: string) => screen.getByTestId('resource-menu-tree').getByRole('checkbox', { name, exact: true });

function idsFor(tree: readonly MenuTreeNode[], names: readonly string[]): number[] {
  const out = new Set<number>();
  const visit = (node: MenuTreeNode, above: number[]) => {
    if (names.includes(node.name)) [...above, node.menuId].forEach((id) => out.add(id));
    node.children.forEach((child) => visit(child, [...above, node.menuId]));
  };
  tree.forEach((node) => visit(node, []));
  return [...out];
}

test('assigns menus to an organisation; a missing organisation or system is warned about', async ({ page }) => {
  await signInAdmin(page, host);
  const screen = await openResources(page);
  await screen.getByTestId('resource-save').click();
  await expect(page.getByTestId('toast-warning')).toContainText('请选择资源');

  await orgButton(screen, '华东运营部').click();
  await expect(screen.getByTestId('resource-menus')).toContainText('请先选择系统');
  await screen.getByTestId('resource-save').click();
  await expect(page.getByTestId('toast-warning').last()).toContainText('请选择资源');

  await systemButton(screen, '后台管理系统').click();
  // Only what the parent (华东分公司) has is offered.
  await expect(menuBox(screen, '操作日志')).toBeVisible();
  await expect(menuBox(screen, '角色管理')).toHaveCount(0);
  await expect(menuBox(screen, '操作日志')).not.toBeChecked();
  await menuBox(screen, '操作日志').check();
  await menuBox(screen, '服务中心绑定').check();
  await screen.getByTestId('resource-save').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '保存成功' })).toBeVisible();
  // Saving resets the choices.
  await expect(orgButton(screen, '华东运营部')).toHaveAttribute('aria-pressed', 'false');
  await expect(screen.getByTestId('resource-menus')).toContainText('请先选择组织');

  await orgButton(screen, '华东运营部').click();
  await systemButton(screen, '后台管理系统').click();
  await expect(menuBox(screen, '操作日志')).toBeChecked();
  await expect(menuBox(screen, '服务中心绑定')).toBeChecked();
  await expect(menuBox(screen, '用户管理')).not.toBeChecked();
});

test('taking a menu away lists the roles that lose it, and takes it from them once confirmed', async ({ page }) => {
  await signInAdmin(page, host);
  const roles = await apiData(page, 'session.roleSelect', {});
  const depts = await apiData(page, 'resource.depts', { roleId: roles[0]!.roleId });
  const eastOps = depts.find((dept) => dept.name === '华东运营部')!.deptId;
  const offered = await apiData(page, 'role.grantableMenus', { userRoleId: roles[0]!.roleId, deptId: eastOps });
  const created = await apiData(page, 'role.add', { roleName: '运营部日志员', deptId: eastOps, menuIdList: idsFor(offered.tree, ['操作日志']) });

  const screen = await openResources(page);
  await orgButton(screen, '华东运营部').click();
  await systemButton(screen, '后台管理系统').click();
  await menuBox(screen, '操作日志').uncheck();
  await screen.getByTestId('resource-save').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('运营部日志员（华东运营部）');
  await expect(confirm).toContainText('操作日志');
  await confirm.getByTestId('confirm-dialog-cancel').click();
  expect((await apiData(page, 'role.info', { roleId: created.roleId })).menuIdList.length).toBeGreaterThan(0);

  await screen.getByTestId('resource-save').click();
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '保存成功' })).toBeVisible();
  const after = await apiData(page, 'role.info', { roleId: created.roleId });
  expect(after.menuIdList.some((id) => idsFor(offered.tree, ['操作日志']).at(-1) === id)).toBe(false);
});

test('a role that may only view resources sees no save button and is refused a forced save', async ({ page }) => {
  await signInAdmin(page, host);
  const roles = await apiData(page, 'session.roleSelect', {});
  const rootId = (await apiData(page, 'user.deptTree', { roleId: roles[0]!.roleId, type: 2 }))[0]!.deptId;
  const offered = await apiData(page, 'role.grantableMenus', { userRoleId: roles[0]!.roleId, deptId: rootId });
  const viewerRole = await apiData(page, 'role.add', { roleName: '资源只读', deptId: rootId, menuIdList: idsFor(offered.tree, ['资源分配']) });
  await apiData(page, 'user.add', { username: 'e2e_resview', name: 'E2E 资源查看', password: 'Viewer_Pass1', deptId: rootId, roleIdList: [viewerRole.roleId] });
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-sign-out').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();

  await openConsole(page, host);
  await signInChangingPassword(page, 'e2e_resview', 'Viewer_Pass1', 'Viewer_Own22');
  await enterIdentity(page);
  const screen = await openResources(page);
  await expect(orgButton(screen, '华东运营部')).toBeVisible();
  await expect(screen.getByTestId('resource-save')).toHaveCount(0);
  const eastOps = (await apiData(page, 'resource.depts', { roleId: viewerRole.roleId })).find((dept) => dept.name === '华东运营部')!.deptId;
  const read = await apiData(page, 'resource.byDept', { deptId: eastOps });
  const forced = await apiCall(page, 'resource.save', { deptId: eastOps, stamp: read.stamp, sysIdList: [{ sysId: read.sysIdList[0]!.sysId, menuIdList: [] }] });
  expect(forced).toMatchObject({ ok: false, code: ResponseCode.Forbidden });
});
