// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Delay, type Locale } from '../../../shared/constants';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import ServiceCenterAssign from './ServiceCenterAssign';
import { CENTRE_TREE, ok, page, renderScreen, type Answer } from '../../../renderer/testing/service-center-harness';

afterEach(cleanup);

const ALL_KEYS = [Perm.serviceCenterView, Perm.serviceCenterSave, Perm.serviceCenterUpdate, Perm.serviceCenterDelete];

function renderAssign(path: string, answers: Record<string, Answer>, options: { permissions?: readonly string[]; locale?: Locale } = {}) {
  return renderScreen({
    screen: <ServiceCenterAssign />,
    routePattern: Route.serviceCenterManage,
    path,
    permissions: options.permissions ?? ALL_KEYS,
    locale: options.locale,
    answers: { 'serviceCenter.tree': () => ok(CENTRE_TREE), ...answers },
  });
}

const users = [
  { userId: 7, account: 'east_a', name: '东甲' },
  { userId: 8, account: 'east_b', name: '东乙' },
];
const unbound: Answer = (input) => ok(page(users.filter((u) => !input.account || u.account.includes(String(input.account)))));

const centre = (name: string) => within(screen.getByRole('tree', { name: 'Business centres' })).getByRole('checkbox', { name });
const treeItem = (name: string) => centre(name).closest('[role="treeitem"]')!;
const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('assigning business centres: add mode', () => {
  it('lists the unbound users with search and paging, and the centre tree', async () => {
    const { calls } = await renderAssign('/serviceCenterManage/null?type=add', { 'serviceCenter.unboundUsers': unbound });
    const userTable = await screen.findByRole('table', { name: 'Users without a business centre' });
    await within(userTable).findByText('east_a');
    within(userTable).getByText('东乙');
    screen.getByRole('heading', { name: 'Bind business centres' });
    await screen.findByRole('tree', { name: 'Business centres' });

    fireEvent.change(screen.getByTestId('user-filter-account'), { target: { value: 'east_b' } });
    fireEvent.click(screen.getByTestId('user-search'));
    await waitFor(() => expect(within(userTable).queryByText('east_a')).toBeNull());
    expect(calls('serviceCenter.unboundUsers').at(-1)).toEqual({ pageNum: 1, pageSize: 10, account: 'east_b', name: '' });
  });

  it('asks before the way back drops ticked users', async () => {
    const { closeSelf } = await renderAssign('/serviceCenterManage/null?type=add', { 'serviceCenter.unboundUsers': unbound });
    // A click on the row ticks the user, as the checkbox would.
    fireEvent.click(await screen.findByText('east_a'));
    expect((screen.getByRole('checkbox', { name: 'Select row east_a' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(closeSelf).toHaveBeenCalledWith(Route.serviceCenter));
  });

  it('asks for an operating user, then for a business centre, before saving', async () => {
    const { calls } = await renderAssign('/serviceCenterManage/null?type=add', { 'serviceCenter.unboundUsers': unbound });
    await screen.findByText('east_a');
    await screen.findByRole('tree', { name: 'Business centres' });
    fireEvent.click(saveButton());
    await screen.findByText('Please select the operating user');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row east_a' }));
    fireEvent.click(saveButton());
    await screen.findByText('Please select a business centre');
    expect(calls('serviceCenter.save')).toEqual([]);
  });

  it('binds the ticked users to the checked leaves, then returns to the list', async () => {
    const { calls, closeSelf } = await renderAssign('/serviceCenterManage/null?type=add', { 'serviceCenter.unboundUsers': unbound, 'serviceCenter.save': () => ok(null) });
    await screen.findByText('east_a');
    await screen.findByRole('tree', { name: 'Business centres' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row east_a' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row east_b' }));
    fireEvent.click(centre('华东分公司'));
    await waitFor(() => expect(treeItem('上海转运中心').getAttribute('aria-checked')).toBe('true'));
    expect(treeItem('远航物流集团').getAttribute('aria-checked')).toBe('mixed');
    expect(screen.getByTestId('chosen-centres').textContent).toBe('2 business centres chosen');

    fireEvent.click(saveButton());
    await screen.findByText('Added');
    expect(calls('serviceCenter.save')).toEqual([{ userIds: '7,8', deptIds: '4,5' }]);
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    expect(closeSelf).not.toHaveBeenCalled();
    await waitFor(() => expect(closeSelf).toHaveBeenCalledWith(Route.serviceCenter), { timeout: Delay.formRedirectMs + 2000 });
  });

  it('stays on the screen when the server refuses, showing its msg', async () => {
    const { closeSelf } = await renderAssign('/serviceCenterManage/null?type=add', {
      'serviceCenter.unboundUsers': unbound,
      'serviceCenter.save': () => ({ ok: false, code: 'A0001', msg: 'A selected user already has business centres: edit the binding instead' }),
    });
    await screen.findByText('east_a');
    await screen.findByRole('tree', { name: 'Business centres' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row east_a' }));
    fireEvent.click(centre('广州转运中心'));
    fireEvent.click(saveButton());
    await screen.findByText('A selected user already has business centres: edit the binding instead');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
    expect(closeSelf).not.toHaveBeenCalled();
  });

  it('says when every user is bound, and when no centre exists', async () => {
    await renderAssign('/serviceCenterManage/null?type=add', { 'serviceCenter.unboundUsers': () => ok(page([])), 'serviceCenter.tree': () => ok([]) });
    await screen.findByText('Every user already has a business centre');
    await screen.findByText('No business centre has been set up');
  });

  it('hides save from a role without the add key', async () => {
    await renderAssign('/serviceCenterManage/null?type=add', { 'serviceCenter.unboundUsers': unbound }, { permissions: [Perm.serviceCenterView, Perm.serviceCenterUpdate] });
    await screen.findByText('east_a');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    screen.getByRole('button', { name: 'Back to the list' });
  });
});

describe('assigning business centres: update mode', () => {
  const binding: Answer = () => ok({ userId: 7, account: 'east_a', name: '东甲', deptIds: [4, 6] });

  it('shows the one user with the saved centres checked, and saves the change', async () => {
    const { calls, closeSelf } = await renderAssign('/serviceCenterManage/7?type=update', { 'serviceCenter.binding': binding, 'serviceCenter.update': () => ok(null) });
    const userTable = await screen.findByRole('table', { name: 'Operating user' });
    await within(userTable).findByText('east_a');
    expect(within(userTable).getAllByTestId('list-row')).toHaveLength(1);
    screen.getByRole('heading', { name: 'Change business centres' });
    await screen.findByRole('tree', { name: 'Business centres' });
    expect(treeItem('上海转运中心').getAttribute('aria-checked')).toBe('true');
    expect(treeItem('杭州转运中心').getAttribute('aria-checked')).toBe('false');
    expect(treeItem('华南分公司').getAttribute('aria-checked')).toBe('true');
    expect(calls('serviceCenter.binding')).toEqual([{ userId: 7 }]);

    fireEvent.click(centre('上海转运中心'));
    fireEvent.click(centre('杭州转运中心'));
    await waitFor(() => expect(treeItem('杭州转运中心').getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(saveButton());
    await screen.findByText('Updated');
    expect(calls('serviceCenter.update')).toEqual([{ userIds: [7], deptIds: '5,6' }]);
    await waitFor(() => expect(closeSelf).toHaveBeenCalledWith(Route.serviceCenter), { timeout: Delay.formRedirectMs + 2000 });
  });

  it('asks for a business centre when every check was cleared', async () => {
    const { calls } = await renderAssign('/serviceCenterManage/7?type=update', { 'serviceCenter.binding': binding });
    await screen.findByText('east_a');
    await screen.findByRole('tree', { name: 'Business centres' });
    fireEvent.click(centre('上海转运中心'));
    fireEvent.click(centre('华南分公司'));
    await waitFor(() => expect(screen.getByTestId('chosen-centres').textContent).toBe('0 business centres chosen'));
    fireEvent.click(saveButton());
    await screen.findByText('Please select a business centre');
    expect(calls('serviceCenter.update')).toEqual([]);
  });

  it('shows a user it may not see as an error in place, with nothing to save', async () => {
    await renderAssign('/serviceCenterManage/99?type=update', { 'serviceCenter.binding': () => ({ ok: false, code: 'A0302', msg: 'userId: is outside your organisations' }) });
    expect((await screen.findByTestId('error-state')).textContent).toContain('userId: is outside your organisations');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('hides save from a role without the update key', async () => {
    await renderAssign('/serviceCenterManage/7?type=update', { 'serviceCenter.binding': binding }, { permissions: [Perm.serviceCenterView, Perm.serviceCenterSave] });
    await screen.findByText('east_a');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('returns to the list from the back button', async () => {
    const { closeSelf } = await renderAssign('/serviceCenterManage/7?type=update', { 'serviceCenter.binding': binding });
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the list' }));
    expect(closeSelf).toHaveBeenCalledWith(Route.serviceCenter);
  });

  it('asks before the way back drops changed checks, and stays when the user says no', async () => {
    const { closeSelf } = await renderAssign('/serviceCenterManage/7?type=update', { 'serviceCenter.binding': binding });
    await screen.findByRole('tree', { name: 'Business centres' });
    await waitFor(() => expect(treeItem('上海转运中心').getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(centre('杭州转运中心'));
    await waitFor(() => expect(treeItem('杭州转运中心').getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(closeSelf).not.toHaveBeenCalled();

    // Checked back as saved: nothing to lose, nothing asked.
    fireEvent.click(centre('杭州转运中心'));
    await waitFor(() => expect(treeItem('杭州转运中心').getAttribute('aria-checked')).toBe('false'));
    fireEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(closeSelf).toHaveBeenCalledWith(Route.serviceCenter);
  });

  it('places save below the tree, which a search narrows to the matching centres', async () => {
    await renderAssign('/serviceCenterManage/7?type=update', { 'serviceCenter.binding': binding });
    const tree = await screen.findByRole('tree', { name: 'Business centres' });
    const panel = screen.getByTestId('centre-panel');
    const save = within(panel).getByRole('button', { name: 'Save' });
    expect(tree.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.change(screen.getByTestId('centre-tree-search'), { target: { value: '杭州' } });
    await waitFor(() => expect(within(tree).queryByRole('checkbox', { name: '上海转运中心' })).toBeNull());
    within(tree).getByRole('checkbox', { name: '杭州转运中心' });
    within(tree).getByRole('checkbox', { name: '华东分公司' });
    fireEvent.change(screen.getByTestId('centre-tree-search'), { target: { value: '' } });
    await within(tree).findByRole('checkbox', { name: '上海转运中心' });
  });
});

describe('a wrong address', () => {
  it('names the wrong part and calls nothing', async () => {
    const { calls } = await renderAssign('/serviceCenterManage/abc?type=update', {});
    expect(screen.getByTestId('error-state').textContent).toBe('This address is not valid: userId must be a user number, or “null” to add (it is “abc”)');
    expect(calls('serviceCenter.binding')).toEqual([]);
    cleanup();
    await renderAssign('/serviceCenterManage/null?type=remove', {}, { locale: 'zh_CN' });
    expect(screen.getByTestId('error-state').textContent).toBe('地址无效：type 必须是 “add” 或 “update”（当前为 “remove”）');
  });
});
