import { expect, test, type Page } from '@playwright/test';
import type { MenuTreeNode } from '../../src/areas/role/contract';
import { apiData, enterIdentity, hostForSpecFile, openAt, openConsole, signInAdmin, signInChangingPassword, signOut, startHost, tabPane } from './host';

/**
 * Permissions you can trust (issue 45): every seeded role and every seeded organisation with each of its
 * systems opened and saved unchanged changes nothing and proposes no removal; the organisation filter narrows
 * as the user types; a screen the role lacks shows the no-access page without asking for its data; a tree
 * row's checkbox chooses the row. The tests run in order on one host with the `--demo` data, which holds the seeded
 * roles and organisations beside the demo's users, their roles' grants and their sign-ins.
 */

test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(() => startHost({}, ['--demo']));

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** The menu of that name and the menus above it: what a tree sends when only it is ticked. */
function pathTo(nodes: readonly MenuTreeNode[], name: string): number[] {
  for (const node of nodes) {
    if (node.name === name) return [node.menuId];
    const below = pathTo(node.children, name);
    if (below.length > 0) return [node.menuId, ...below];
  }
  return [];
}

async function adminRole(page: Page): Promise<number> {
  return (await apiData(page, 'session.roleSelect', {}))[0]!.roleId;
}

test('every seeded role opened and saved unchanged keeps its menus', async ({ page }) => {
  test.setTimeout(600_000);
  await signInAdmin(page, host);
  const roles = (await apiData(page, 'role.list', { page: 1, limit: 100 })).records;
  expect(roles.length).toBeGreaterThan(3);
  for (const role of roles) {
    const before = await apiData(page, 'role.info', { roleId: role.roleId });
    await openAt(page, host, `/roleManage/${role.roleId}`);
    const pane = tabPane(page, `/roleManage/${role.roleId}`);
    await expect(pane.getByTestId('role-menu-tree').or(pane.getByTestId('role-menus-empty'))).toBeVisible();
    await pane.getByTestId('role-save').click();
    await expect(page.getByTestId('toast-success').last()).toContainText('菜单权限未变');
    // The form returns to the list by itself: the next form opens after that.
    await expect(pane).toHaveCount(0);
    const after = await apiData(page, 'role.info', { roleId: role.roleId });
    expect(sorted(after.menuIdList), role.roleName).toEqual(sorted(before.menuIdList));
  }
});

test('every seeded organisation with each of its systems saved unchanged keeps its resources, and no removal is proposed', async ({ page }) => {
  test.setTimeout(600_000);
  await signInAdmin(page, host);
  const roleId = await adminRole(page);
  const depts = await apiData(page, 'resource.depts', { roleId });
  const systems = await apiData(page, 'menu.appsByRole', { roleId });
  await page.getByTestId('side-menu').getByRole('button', { name: '资源分配' }).click();
  const screen = page.getByTestId('resource-screen');
  for (const dept of depts) {
    for (const system of systems) {
      const before = await apiData(page, 'resource.byDept', { deptId: dept.deptId });
      await screen
        .getByTestId('resource-org')
        .filter({ hasText: new RegExp(`^${dept.name}$`) })
        .click();
      await screen.getByTestId('resource-system').filter({ hasText: system.appName }).click();
      await expect(screen.getByTestId('resource-menu-tree').or(screen.getByTestId('resource-menus').getByTestId('empty-state'))).toBeVisible();
      await screen.getByTestId('resource-save').click();
      await expect(page.getByTestId('toast-success').last()).toContainText('菜单权限未变');
      await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
      const after = await apiData(page, 'resource.byDept', { deptId: dept.deptId });
      expect(sorted(after.allMenuIdList), `${dept.name} / ${system.appName}`).toEqual(sorted(before.allMenuIdList));
    }
  }
});

test('typing two characters into the organisation filter on /user narrows its options to the matches', async ({ page }) => {
  await signInAdmin(page, host);
  await page.getByTestId('side-menu').getByRole('button', { name: '用户管理' }).click();
  const filter = tabPane(page, '/user').getByTestId('filter-org');
  await expect(filter).not.toHaveValue('');
  await filter.click();
  await filter.pressSequentially('华南');
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  for (const text of await options.allTextContents()) expect(text).toContain('华南');
  await expect(filter).toHaveValue('华南');
});

test('clicking a tree row’s checkbox chooses the row', async ({ page }) => {
  await signInAdmin(page, host);
  await page.getByTestId('side-menu').getByRole('button', { name: '组织管理' }).click();
  const tree = tabPane(page, '/department').getByTestId('dept-tree');
  const box = tree.getByTestId('tree-row-check').first();
  await box.click();
  await expect(box).toBeChecked();
  await expect(tree.getByTestId('tree-row').first()).toHaveAttribute('aria-selected', 'true');
});

test('a user whose role lacks user management who opens #/user sees the no-access page, and the user list is never asked for', async ({ page }) => {
  await signInAdmin(page, host);
  const roleId = await adminRole(page);
  const rootId = (await apiData(page, 'user.deptTree', { roleId, type: 2 }))[0]!.deptId;
  const offered = await apiData(page, 'role.grantableMenus', { userRoleId: roleId, deptId: rootId });
  const logPage = pathTo(offered.tree, '操作日志');
  const viewer = await apiData(page, 'role.add', { roleName: '日志查看员', deptId: rootId, menuIdList: logPage });
  await apiData(page, 'user.add', { username: 'e2e_noaccess', name: 'E2E 无权', password: 'NoAccess_Pass1', deptId: rootId, roleIdList: [viewer.roleId] });
  await signOut(page);

  await openConsole(page, host);
  await signInChangingPassword(page, 'e2e_noaccess', 'NoAccess_Pass1', 'NoAccess_Own22');
  await enterIdentity(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (body.includes('"user.list"')) asked.push(body);
  });
  await openAt(page, host, '/user');
  const pane = tabPane(page, '/user');
  await expect(pane.getByTestId('no-access')).toBeVisible();
  await expect(pane.getByTestId('no-access')).toContainText('无权访问');
  await expect(pane.getByTestId('filter-org')).toHaveCount(0);
  expect(asked).toEqual([]);
  await pane.getByTestId('no-access-home').click();
  await expect(page.getByTestId('empty-view')).toBeVisible();
});
