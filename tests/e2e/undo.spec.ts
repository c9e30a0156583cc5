import { expect, test, type Locator } from '@playwright/test';
import { apiData, enterIdentity, hostForSpecFile, signInAdmin, signInChangingPassword, signOut, startHost, toast } from './host';

/**
 * Undo of a delete (issue 13): a user deleted on /userManage comes back through the toast's Undo, listed
 * again with the roles they held, and signs in with their password.
 */

const host = hostForSpecFile(startHost);

const LEAVING = { username: 'e2e_undo', name: 'E2E 撤销', password: 'Undo_Pass1', ownPassword: 'Undo_Own22' };

function rowOf(list: Locator, username: string): Locator {
  return list.getByTestId('list-row').filter({ has: list.page().getByRole('cell', { name: username, exact: true }) });
}

test('a deleted user comes back with their roles through Undo, and signs in', async ({ page }) => {
  await signInAdmin(page, host);
  const east = (await apiData(page, 'user.deptList', { name: '', deptPerson: '' })).find((d) => d.name === '华东分公司')!;
  const operator = (await apiData(page, 'user.rolesByDept', { deptId: east.deptId })).find((r) => r.roleName === '运营专员')!;
  const created = await apiData(page, 'user.add', {
    username: LEAVING.username,
    name: LEAVING.name,
    password: LEAVING.password,
    deptId: east.deptId,
    email: 'e2e.undo@example.com',
    mobile: '13800138123',
    roleIdList: [operator.roleId],
  });

  await page.getByTestId('side-menu').getByRole('button', { name: '用户管理' }).click();
  const list = page.getByTestId('user-list');
  await expect(rowOf(list, LEAVING.username)).toBeVisible();
  await rowOf(list, LEAVING.username).getByRole('checkbox').check();
  await list.getByTestId('user-delete').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'success', '删除成功（1 条），10 秒内可撤销')).toBeVisible();
  await expect(rowOf(list, LEAVING.username)).toHaveCount(0);

  await page.getByTestId('toast-undo').click();
  await expect(toast(page, 'success', '已恢复 1 条')).toBeVisible();
  await expect(rowOf(list, LEAVING.username)).toBeVisible();
  await expect(rowOf(list, LEAVING.username)).toContainText('运营专员');
  const restored = await apiData(page, 'user.info', { userId: created.userId });
  expect(restored.roleIdList).toEqual([operator.roleId]);

  // The restored user signs in with the password they had (the first sign-in asks for their own). The browser host
  // keeps one session per browser, so the administrator signs out first.
  await signOut(page);
  expect(await signInChangingPassword(page, LEAVING.username, LEAVING.password, LEAVING.ownPassword)).toBe(true);
  await enterIdentity(page);
  await expect(page.getByTestId('home-shell')).toBeVisible();
  await expect(page.getByTestId('greeting')).toContainText(LEAVING.name);
});
