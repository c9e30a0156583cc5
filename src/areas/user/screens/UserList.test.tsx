// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { Perm } from '../../../shared/permissions';
import { ME, ROLE_ID, renderUserScreen, userRow } from '../../../renderer/testing/user-test-api';

afterEach(cleanup);

const ALL_USER_PERMS = [Perm.userSave, Perm.userUpdate, Perm.userDelete, Perm.userChangeDept, Perm.userResetPwd];
const people = [
  userRow(ME.userId, ME.username, { name: 'Administrator', resetPwdAllowed: false }),
  userRow(2, 'east_ops', { name: 'Chen Tao' }),
  userRow(3, 'south_ops', { name: 'Sun Qiang', status: 0 }),
];

const table = () => within(screen.getByRole('table', { name: 'Users' }));
const rowCheckbox = (username: string) => screen.getByRole('checkbox', { name: `Select row ${username}` });
const button = (name: string) => screen.getByRole('button', { name });

async function openList(options: Parameters<typeof renderUserScreen>[1] = {}) {
  const api = await renderUserScreen('/user', { permissions: ALL_USER_PERMS, users: people, ...options });
  // The first test also waits for the screen's module to load.
  await screen.findByTestId('user-list', {}, { timeout: 10_000 });
  return api;
}

describe('user list', () => {
  it('preselects the first organisation and loads page 1 with 10 rows for the current role', async () => {
    const api = await openList();
    await table().findByText('east_ops');
    expect(api.inputsOf('user.list')[0]).toEqual({ page: 1, limit: 10, roleId: ROLE_ID, deptId: 1, name: undefined, username: undefined, status: undefined });
    expect(api.inputsOf('user.list')).toHaveLength(1);
    expect((screen.getByTestId('filter-org') as HTMLInputElement).value).toBe('Group');
    expect(screen.getByTestId('pager-total').textContent).toBe('3 in total');
    expect(within(table().getByText('south_ops').closest('tr') as HTMLElement).getByTestId('user-status').textContent).toBe('Disabled');
  });

  it('filters by name at once on search, and by login name and status in the advanced view', async () => {
    const api = await openList();
    await table().findByText('east_ops');
    expect(screen.queryByTestId('filter-username')).toBeNull();

    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: 'chen' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(table().queryByText('south_ops')).toBeNull());
    expect(api.inputsOf('user.list').at(-1)).toMatchObject({ name: 'chen', page: 1 });

    fireEvent.click(screen.getByTestId('filter-toggle'));
    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('filter-status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Disabled' }));
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.inputsOf('user.list').at(-1)).toMatchObject({ status: 0, name: undefined }));
    await table().findByText('south_ops');
    expect(table().queryByText('east_ops')).toBeNull();

    // Back to the basic view: the hidden status filter stops filtering.
    fireEvent.click(screen.getByTestId('filter-toggle'));
    await waitFor(() => expect(api.inputsOf('user.list').at(-1)).toMatchObject({ status: undefined }));
    await table().findByText('east_ops');
  });

  it('chooses another organisation from the cascader and resets to the first', async () => {
    const api = await openList();
    await table().findByText('east_ops');
    fireEvent.click(screen.getByTestId('filter-org'));
    fireEvent.click(await screen.findByRole('option', { name: 'East' }));
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.inputsOf('user.list').at(-1)).toMatchObject({ deptId: 4 }));
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(api.inputsOf('user.list').at(-1)).toMatchObject({ deptId: 1 }));
    expect((screen.getByTestId('filter-org') as HTMLInputElement).value).toBe('Group');
  });

  it('pages with the page-size selector and shows the selected count', async () => {
    const many = Array.from({ length: 25 }, (_, i) => userRow(i + 10, `user_${i + 10}`));
    const api = await openList({ users: many });
    await table().findByText('user_10');
    expect(screen.getAllByTestId('list-row')).toHaveLength(10);
    fireEvent.click(rowCheckbox('user_11'));
    expect(screen.getByTestId('selected-count').textContent).toBe('1 selected');
    fireEvent.click(screen.getByTestId('page-size'));
    fireEvent.click(await screen.findByRole('option', { name: '20 / page' }));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(20));
    expect(api.inputsOf('user.list').at(-1)).toMatchObject({ page: 1, limit: 20 });
    expect(screen.getByTestId('selected-count').textContent).toBe('0 selected');
  });

  it('shows a deliberate empty state, and the error with a retry', async () => {
    let fail = true;
    await openList({
      users: [],
      answers: {
        'user.list': () => (fail ? { ok: false, code: ResponseCode.ServerError, msg: 'The database is not reachable' } : { ok: true, data: { records: [], total: 0, current: 1, pages: 1, size: 10 } }),
      },
    });
    expect((await screen.findByTestId('error-state')).textContent).toContain('The database is not reachable');
    fail = false;
    fireEvent.click(button('Retry'));
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('No users yet');
    // A role that may add users is offered the first one from the empty list.
    expect(within(empty).getByTestId('empty-state-action').textContent).toBe('Add the first one');
  });

  it('hides every action the role lacks, and the reset column without its key', async () => {
    await openList({ permissions: [] });
    await table().findByText('east_ops');
    for (const testId of ['user-add', 'user-edit', 'user-delete', 'user-change-org', 'user-reset-password']) expect(screen.queryByTestId(testId)).toBeNull();
    expect(table().queryByText('Operations')).toBeNull();
  });

  it('edit needs exactly one row, then opens the form of that user', async () => {
    await openList();
    await table().findByText('east_ops');
    fireEvent.click(screen.getByTestId('user-edit'));
    await screen.findByText('Please select one row');
    fireEvent.click(rowCheckbox('east_ops'));
    fireEvent.click(rowCheckbox('south_ops'));
    fireEvent.click(screen.getByTestId('user-edit'));
    await screen.findByText('Only one user can be selected');
    fireEvent.click(rowCheckbox('south_ops'));
    fireEvent.click(screen.getByTestId('user-edit'));
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Users', 'User details']));
  });

  it('deletes the selected users after confirmation, but never the signed-in user', async () => {
    const api = await openList();
    await table().findByText('east_ops');
    fireEvent.click(screen.getByTestId('user-delete'));
    await screen.findByText('Please select at least one row');

    fireEvent.click(rowCheckbox(ME.username));
    fireEvent.click(screen.getByTestId('user-delete'));
    await screen.findByText('You cannot delete your own account');
    fireEvent.click(rowCheckbox(ME.username));

    fireEvent.click(rowCheckbox('east_ops'));
    fireEvent.click(rowCheckbox('south_ops'));
    fireEvent.click(screen.getByTestId('user-delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Delete these 2 users: Chen Tao (east_ops), Sun Qiang (south_ops)?');
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(api.inputsOf('user.delete')).toEqual([{ userIds: '2,3' }]));
    await screen.findByText('Deleted');
    await waitFor(() => expect(screen.getByTestId('selected-count').textContent).toBe('0 selected'));
  });

  it('resets a password only for users whose flag allows it, and shows the new password', async () => {
    const api = await openList();
    await table().findByText('east_ops');
    const resetButtons = screen.getAllByTestId('user-reset-password');
    expect(resetButtons).toHaveLength(2);
    expect(within(table().getByText(ME.username).closest('tr') as HTMLElement).queryByTestId('user-reset-password')).toBeNull();

    fireEvent.click(within(table().getByText('east_ops').closest('tr') as HTMLElement).getByTestId('user-reset-password'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('Reset the password of Chen Tao (east_ops)?');
    fireEvent.click(within(confirm).getByTestId('confirm-dialog-ok'));
    const shown = await screen.findByTestId('new-password-dialog');
    expect((within(shown).getByTestId('new-password-value') as HTMLInputElement).value).toBe('Fresh_Pass9x');
    expect(api.inputsOf('user.resetPassword')).toEqual([{ userId: 2 }]);
    await screen.findByText('Reset done');
    fireEvent.click(within(shown).getByTestId('new-password-close'));
    await waitFor(() => expect(screen.queryByTestId('new-password-dialog')).toBeNull());
  });

  it('changes the top organisation of exactly one user; the organisation is required', async () => {
    const api = await openList({ users: [userRow(2, 'east_ops', { deptId: 5, deptName: 'East operations' })] });
    await table().findByText('east_ops');
    fireEvent.click(screen.getByTestId('user-change-org'));
    await screen.findByText('Please select one row');

    fireEvent.click(rowCheckbox('east_ops'));
    fireEvent.click(screen.getByTestId('user-change-org'));
    const dialog = await screen.findByTestId('change-org-dialog');
    await waitFor(() => expect((within(dialog).getByTestId('change-org-submit') as HTMLButtonElement).disabled).toBe(false));
    // The user's organisation is a department, not a company: nothing is chosen yet.
    expect((within(dialog).getByTestId('change-org-select') as HTMLInputElement).value).toBe('');
    fireEvent.click(within(dialog).getByTestId('change-org-submit'));
    await within(dialog).findByText('Organisation cannot be empty');
    expect(api.inputsOf('user.changeTopDept')).toEqual([]);

    fireEvent.click(within(dialog).getByTestId('change-org-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'East' }));
    fireEvent.click(within(dialog).getByTestId('change-org-submit'));
    await waitFor(() => expect(api.inputsOf('user.changeTopDept')).toEqual([{ topDeptId: 4, username: 'east_ops' }]));
    await screen.findByText('Updated');
    await waitFor(() => expect(screen.queryByTestId('change-org-dialog')).toBeNull());
  });

  it('speaks the chosen language', async () => {
    await openList({ locale: 'de_DE' });
    await screen.findByRole('table', { name: 'Benutzer' });
    expect(screen.getByTestId('user-add').textContent).toBe('Hinzufügen');
    expect(screen.getByTestId('filter-toggle').textContent).toBe('Erweiterte Suche');
  });
});
