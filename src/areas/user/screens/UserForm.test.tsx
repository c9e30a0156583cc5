// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { Perm } from '../../../shared/permissions';
import { ME, ROLES, renderUserScreen, userRecord, userRow, type UserApiOptions } from '../../../renderer/testing/user-test-api';

afterEach(cleanup);

const PERMS = [Perm.userSave, Perm.userUpdate, Perm.userDelete];
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const tabTitles = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

async function openForm(userId: string, options: UserApiOptions = {}) {
  const api = await renderUserScreen(`/userManage/${userId}`, { permissions: PERMS, ...options });
  // The first test also waits for the screen's module to load.
  await screen.findByTestId('user-form', {}, { timeout: 10_000 });
  return api;
}

/** Opens a select once it is enabled and picks an option; the multiselect role list offers menu item checkboxes. */
async function choose(testId: string, option: string, role: 'option' | 'menuitemcheckbox' = 'option') {
  await waitFor(() => expect((screen.getByTestId(testId) as HTMLInputElement).disabled).toBe(false));
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(await screen.findByRole(role, { name: option }));
}

const east = userRow(2, 'east_ops', { name: 'Chen Tao', deptId: 4, deptName: 'East', phone: '13800000000' });
const eastRecord = userRecord(east, {
  version: 4,
  roleIdList: [8],
  roleList: [ROLES[1]!],
  userDataAuthorityList: [{ classificationId: 1, dataCode: 'SH01', dataName: 'Shanghai hub', topCode: 'EAST', topName: 'East' }],
});

describe('user form: add', () => {
  it('names every broken rule under its field and sends nothing', async () => {
    const api = await openForm('null');
    fireEvent.click(screen.getByTestId('user-save'));
    await screen.findByText('Please enter the login name');
    screen.getByText('Please enter Name');
    screen.getByText('Please enter the initial password');
    screen.getByText('Organization cannot be empty');

    type('field-username', 'bad name');
    type('field-password', 'weakpass');
    type('field-email', 'not-an-address');
    fireEvent.click(screen.getByTestId('user-save'));
    await screen.findByText('Username may contain only digits, letters, underscore and @');
    screen.getByText(/^Password must be 8 to 16 characters/);
    screen.getByText('Please enter a valid e-mail address');
    expect(api.inputsOf('user.add')).toEqual([]);
  });

  it('adds a user with roles of an organisation and data authority, then returns to the list', async () => {
    const api = await openForm('null');
    type('field-username', 'east_ops');
    type('field-name', 'Chen Tao');
    type('field-password', 'Secret_123');
    type('field-email', 'chen@example.com');
    await choose('field-deptId', 'East');

    // The role picker offers the roles of the user's organisation.
    await choose('role-select', 'Operator', 'menuitemcheckbox');
    within(screen.getByTestId('role-tags')).getByText('Operator');
    await choose('role-org', 'Group');
    await waitFor(() => expect(api.inputsOf('user.rolesByDept').at(-1)).toEqual({ deptId: 1 }));
    await choose('role-select', 'Administrator', 'menuitemcheckbox');
    within(screen.getByTestId('role-tags')).getByText('Administrator');
    fireEvent.click(screen.getByRole('button', { name: /Remove the role Administrator/ }));
    await waitFor(() => expect(within(screen.getByTestId('role-tags')).queryByText('Administrator')).toBeNull());

    const waybills = await screen.findByTestId('authority-WAYBILL');
    fireEvent.click(within(waybills).getByTestId('authority-add'));
    fireEvent.change(within(waybills).getByTestId('authority-dataCode'), { target: { value: 'SH01' } });
    fireEvent.change(within(waybills).getByTestId('authority-dataName'), { target: { value: 'Shanghai hub' } });

    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(api.inputsOf('user.add')).toHaveLength(1));
    expect(api.inputsOf('user.add')[0]).toEqual({
      username: 'east_ops',
      name: 'Chen Tao',
      password: 'Secret_123',
      email: 'chen@example.com',
      mobile: '',
      status: 1,
      deptId: 4,
      resetPwdAllowed: true,
      roleIdList: [8],
      userDataAuthorityList: [{ classificationId: 1, dataCode: 'SH01', dataName: 'Shanghai hub', topCode: '', topName: '' }],
    });
    await screen.findByText('Added');
    expect((screen.getByTestId('user-save') as HTMLButtonElement).disabled).toBe(true);
    // After the redirect delay the form's tab closes and the list is on view.
    await waitFor(() => expect(tabTitles()).toEqual(['Users']), { timeout: 5000 });
  });

  it('checks data authority rows: required code and name, no code twice in a classification', async () => {
    const api = await openForm('null');
    type('field-username', 'east_ops');
    type('field-name', 'Chen Tao');
    type('field-password', 'Secret_123');
    await choose('field-deptId', 'Group');
    const waybills = await screen.findByTestId('authority-WAYBILL');
    fireEvent.click(within(waybills).getByTestId('authority-add'));
    fireEvent.click(within(waybills).getByTestId('authority-add'));
    const codes = within(waybills).getAllByTestId('authority-dataCode');
    const names = within(waybills).getAllByTestId('authority-dataName');
    fireEvent.change(codes[0]!, { target: { value: 'SH01' } });
    fireEvent.change(names[0]!, { target: { value: 'Shanghai hub' } });
    fireEvent.click(screen.getByTestId('user-save'));
    await within(waybills).findByText('Please enter Data code');
    within(waybills).getByText('Please enter Data name');
    await screen.findByText('Please correct the marked fields first');

    fireEvent.change(codes[1]!, { target: { value: 'SH01' } });
    fireEvent.change(names[1]!, { target: { value: 'Again' } });
    await within(waybills).findByText('Contains the same entry twice');
    fireEvent.click(within(waybills).getAllByTestId('authority-remove')[1]!);
    await waitFor(() => expect(within(waybills).queryByText('Contains the same entry twice')).toBeNull());
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(api.inputsOf('user.add')).toHaveLength(1));
  });

  it('shows a taken login name under the field, not again above the actions', async () => {
    await openForm('null', { answers: { 'user.add': () => ({ ok: false, code: ResponseCode.Conflict, msg: 'username already exists' }) } });
    type('field-username', 'admin');
    type('field-name', 'Another admin');
    type('field-password', 'Secret_123');
    await choose('field-deptId', 'Group');
    fireEvent.click(screen.getByTestId('user-save'));
    await screen.findByText('This login name is already taken');
    expect(screen.queryByTestId('user-form-error')).toBeNull();
    // Typing another name takes the refusal away.
    type('field-username', 'admin2');
    expect(screen.queryByText('This login name is already taken')).toBeNull();
    expect((screen.getByTestId('user-save') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a refusal the server pinned on a field under that field (issue 47)', async () => {
    await openForm('null', { answers: { 'user.add': () => ({ ok: false, code: ResponseCode.InvalidInput, msg: 'deptId: The selected data lies outside the current role' }) } });
    type('field-username', 'east_ops');
    type('field-name', 'Chen Tao');
    type('field-password', 'Secret_123');
    await choose('field-deptId', 'East');
    fireEvent.click(screen.getByTestId('user-save'));
    await screen.findByText('The selected data lies outside the current role');
    expect(screen.queryByTestId('user-form-error')).toBeNull();
  });

  it('names the list a refusal deep inside a row of it is about, not its path', async () => {
    await openForm('null', {
      answers: { 'user.add': () => ({ ok: false, code: ResponseCode.InvalidInput, msg: 'userDataAuthorityList.0.classificationId: is not available to this organisation' }) },
    });
    type('field-username', 'east_ops');
    type('field-name', 'Chen Tao');
    type('field-password', 'Secret_123');
    await choose('field-deptId', 'East');
    fireEvent.click(screen.getByTestId('user-save'));
    expect((await screen.findByTestId('user-form-error')).textContent).toBe('Data authority: is not available to this organisation');
  });

  it('closing its tab with typed changes asks first, and closes it once the user agrees', async () => {
    await openForm('null');
    type('field-username', 'east_ops');
    fireEvent.click(screen.getByRole('button', { name: 'Close User details' }));
    // Under the shell the modal's tabster keeps the page hidden from the accessibility tree in jsdom: found by text and test id.
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(screen.getAllByTestId('tab').map((tab) => tab.textContent)).toEqual(['User details']);

    fireEvent.click(screen.getByRole('button', { name: 'Close User details' }));
    const discard = await screen.findByTestId('confirm-dialog-ok');
    expect(discard.textContent).toBe('Discard and leave');
    fireEvent.click(discard);
    await waitFor(() => expect(screen.queryAllByTestId('tab')).toEqual([]));
  });
});

describe('user form: edit', () => {
  it('loads the user, keeps roles and authorities, sends the version read and no password', async () => {
    const api = await openForm(String(east.userId), { records: [eastRecord] });
    expect((screen.getByTestId('field-username') as HTMLInputElement).value).toBe('east_ops');
    expect((screen.getByTestId('field-mobile') as HTMLInputElement).value).toBe('13800000000');
    await waitFor(() => expect((screen.getByTestId('field-deptId') as HTMLInputElement).value).toBe('East'));
    expect(screen.queryByTestId('field-password')).toBeNull();
    within(screen.getByTestId('role-tags')).getByText('Operator');
    const waybills = await screen.findByTestId('authority-WAYBILL');
    expect((within(waybills).getByTestId('authority-dataCode') as HTMLInputElement).value).toBe('SH01');

    type('field-name', 'Chen Tao (East)');
    fireEvent.click(screen.getByRole('radio', { name: 'Disabled' }));
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(api.inputsOf('user.update')).toHaveLength(1));
    expect(api.inputsOf('user.update')[0]).toEqual({
      userId: 2,
      version: 4,
      username: 'east_ops',
      name: 'Chen Tao (East)',
      email: east.email,
      mobile: '13800000000',
      status: 0,
      deptId: 4,
      resetPwdAllowed: true,
      roleIdList: [8],
      userDataAuthorityList: [{ classificationId: 1, dataCode: 'SH01', dataName: 'Shanghai hub', topCode: 'EAST', topName: 'East' }],
    });
    await screen.findByText('Updated');
  });

  it('does not offer disabling the signed-in user', async () => {
    const self = userRow(ME.userId, ME.username, { name: ME.name });
    await openForm(String(ME.userId), { records: [userRecord(self)] });
    expect((screen.getByRole('radio', { name: 'Disabled' }) as HTMLInputElement).disabled).toBe(true);
    screen.getByText('You cannot disable your own account');
  });

  it('says so when the user cannot be loaded, and when the address names no user', async () => {
    await renderUserScreen('/userManage/99', {
      permissions: PERMS,
      answers: { 'user.info': () => ({ ok: false, code: ResponseCode.OutOfScope, msg: 'userId: The selected data lies outside the current role' }) },
    });
    expect((await screen.findByTestId('error-state', {}, { timeout: 10_000 })).textContent).toContain('The user could not be loaded: userId: The selected data lies outside the current role');
    cleanup();
    await renderUserScreen('/userManage/abc', { permissions: PERMS });
    expect((await screen.findByTestId('empty-state', {}, { timeout: 10_000 })).textContent).toBe('The user number in the address is not valid');
  });

  it('is read-only for a role without the update key', async () => {
    await openForm(String(east.userId), { records: [eastRecord], permissions: [] });
    expect(screen.queryByTestId('user-save')).toBeNull();
    screen.getByText('The current role may not save users: this form is read-only');
  });
});
