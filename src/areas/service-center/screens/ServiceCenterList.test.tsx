// @vitest-environment jsdom
import { Delay } from '../../../shared/constants';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BindingRow } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import ServiceCenterList from './ServiceCenterList';
import { CENTRE_TREE, ok, page, renderScreen, type Answer } from '../../../renderer/testing/service-center-harness';

afterEach(cleanup);

const row = (userId: number, account: string, name: string, patch: Partial<BindingRow> = {}): BindingRow => ({
  userId,
  account,
  name,
  deptIds: '4,5',
  deptNames: '上海转运中心,杭州转运中心',
  createBy: '系统管理员',
  createTime: new Date(2026, 0, 2, 9, 30, 0).toISOString(),
  updateBy: '',
  updateTime: null,
  ...patch,
});

const ALL_KEYS = [Perm.serviceCenterView, Perm.serviceCenterSave, Perm.serviceCenterUpdate, Perm.serviceCenterDelete];

function renderList(answers: Record<string, Answer>, permissions: readonly string[] = ALL_KEYS) {
  return renderScreen({
    screen: <ServiceCenterList />,
    routePattern: Route.serviceCenter,
    path: Route.serviceCenter,
    permissions,
    answers: { 'serviceCenter.tree': () => ok(CENTRE_TREE), ...answers },
  });
}

const table = () => screen.getByRole('table', { name: 'Service-centre bindings' });
const toolbar = () => within(screen.getByRole('toolbar', { name: 'Actions' }));

describe('service-centre list', () => {
  it('shows the running number, account, name, centre ids and names, and the audit columns', async () => {
    const rows = [row(7, 'east_a', '东甲', { updateBy: '李明', updateTime: new Date(2026, 0, 3, 10, 0, 0).toISOString() }), row(8, 'east_b', '东乙')];
    await renderList({ 'serviceCenter.list': () => ok(page(rows)) });
    await within(table()).findByText('east_a');
    const [first, second] = within(table()).getAllByTestId('list-row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', '1', 'east_a', '东甲', '4,5', '上海转运中心,杭州转运中心', '系统管理员', '2026-01-02 09:30:00', '李明', '2026-01-03 10:00:00']);
    expect(within(second!).getAllByRole('cell')[1]?.textContent).toBe('2');
    expect(within(second!).getAllByRole('cell').at(-1)?.textContent).toBe('Not changed');
    expect(screen.getByTestId('pager-total').textContent).toBe('2 in total');
  });

  it('says when no one is bound, and when the filters match nothing', async () => {
    const { calls } = await renderList({ 'serviceCenter.list': () => ok(page([])) });
    expect((await screen.findByTestId('empty-state')).textContent).toBe('No user is bound to a business centre yet');
    fireEvent.change(screen.getByTestId('filter-account'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(screen.getByTestId('empty-state').textContent).toBe('No binding matches the filters'));
    expect(calls('serviceCenter.list').at(-1)).toMatchObject({ pageNum: 1, pageSize: 10, account: 'nobody', name: '' });
  });

  it('filters by account, name and business centre, and resets', async () => {
    const everyone = [row(7, 'east_a', '东甲'), row(9, 'south_c', '南丙')];
    const { calls } = await renderList({ 'serviceCenter.list': (input) => ok(page(everyone.filter((r) => !input.name || r.name.includes(String(input.name))))) });
    await within(table()).findByText('south_c');
    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: '东' } });
    fireEvent.keyDown(screen.getByTestId('filter-name'), { key: 'Enter' });
    await waitFor(() => expect(within(table()).queryByText('south_c')).toBeNull());
    expect(calls('serviceCenter.list').at(-1)).toMatchObject({ name: '东', deptId: null });

    fireEvent.click(screen.getByRole('combobox', { name: 'Business centre' }));
    fireEvent.click(await screen.findByRole('option', { name: /华东分公司/ }));
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(calls('serviceCenter.list').at(-1)).toMatchObject({ pageNum: 1, name: '东', deptId: 2 }));

    fireEvent.click(screen.getByTestId('filter-reset'));
    await within(table()).findByText('south_c');
    expect((screen.getByTestId('filter-name') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Business centre' }) as HTMLInputElement).value).toBe('');
  });

  it('selects one row at a time; edit needs one and opens the form in update mode', async () => {
    await renderList({ 'serviceCenter.list': () => ok(page([row(7, 'east_a', '东甲'), row(8, 'east_b', '东乙')])) });
    await within(table()).findByText('east_a');
    fireEvent.click(toolbar().getByRole('button', { name: 'Edit' }));
    await screen.findByText('Please select one row');

    fireEvent.click(screen.getByRole('radio', { name: 'Select row east_a' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Select row east_b' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('1 selected');
    fireEvent.click(toolbar().getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/serviceCenterManage/8?type=update'));
  });

  it('numbers the rows across pages, and sorts by account or name on the server when their header is clicked', async () => {
    const everyone = Array.from({ length: 12 }, (_, i) => row(i + 1, `acct_${String(i + 1).padStart(2, '0')}`, `Name ${i + 1}`));
    const { calls } = await renderList({
      'serviceCenter.list': (input) => {
        const sorted = input.sidx === 'account' && input.order === 'desc' ? [...everyone].reverse() : everyone;
        const start = (Number(input.pageNum) - 1) * 10;
        return ok({ ...page(sorted.slice(start, start + 10), sorted.length), current: input.pageNum });
      },
    });
    await within(table()).findByText('acct_01');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await within(table()).findByText('acct_11');
    expect(
      within(table())
        .getAllByTestId('list-row')
        .map((r) => within(r).getAllByRole('cell')[1]?.textContent),
    ).toEqual(['11', '12']);

    // Ascending, descending, then the list's own order again; each starts at page 1.
    fireEvent.click(within(screen.getByTestId('sort-account')).getByRole('button'));
    await waitFor(() => expect(calls('serviceCenter.list').at(-1)).toMatchObject({ pageNum: 1, sidx: 'account', order: 'asc' }));
    expect(screen.getByTestId('sort-account').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(screen.getByTestId('sort-account')).getByRole('button'));
    await waitFor(() => expect(calls('serviceCenter.list').at(-1)).toMatchObject({ pageNum: 1, sidx: 'account', order: 'desc' }));
    await within(table()).findByText('acct_12');
    expect(screen.getByTestId('sort-account').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(screen.getByTestId('sort-account')).getByRole('button'));
    await waitFor(() => expect(calls('serviceCenter.list').at(-1)).not.toHaveProperty('sidx'));
    expect(screen.getByTestId('sort-account').getAttribute('aria-sort')).toBe('none');
    // The centres and audit columns are not sorted by the server: their headers are plain.
    expect(screen.queryByTestId('sort-centres')).toBeNull();
  });

  it('a click on a row chooses it, a double click opens its form, for a role that may edit', async () => {
    await renderList({ 'serviceCenter.list': () => ok(page([row(7, 'east_a', '东甲'), row(8, 'east_b', '东乙')])) });
    const cellOf = async (account: string) => within(table()).findByText(account);
    fireEvent.click(await cellOf('east_b'));
    expect((screen.getByRole('radio', { name: 'Select row east_b' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('selected-count').textContent).toBe('1 selected');
    fireEvent.doubleClick(await cellOf('east_a'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/serviceCenterManage/7?type=update'));
  });

  it('a double click opens nothing for a role without the edit key', async () => {
    await renderList({ 'serviceCenter.list': () => ok(page([row(7, 'east_a', '东甲')])) }, [Perm.serviceCenterView, Perm.serviceCenterDelete]);
    const before = screen.getByTestId('location').textContent;
    fireEvent.doubleClick(await within(table()).findByText('east_a'));
    expect(screen.getByTestId('location').textContent).toBe(before);
  });

  it('add opens the form in add mode', async () => {
    await renderList({ 'serviceCenter.list': () => ok(page([])) });
    // The list's add is its primary action, in the page header.
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/serviceCenterManage/null?type=add'));
  });

  it('deletes the selected binding after confirmation, and not when cancelled', async () => {
    let rows = [row(7, 'east_a', '东甲'), row(8, 'east_b', '东乙')];
    const { calls } = await renderList({
      'serviceCenter.list': () => ok(page(rows)),
      'serviceCenter.delete': (input) => {
        rows = rows.filter((r) => String(r.userId) !== input.userIds);
        return ok(null);
      },
    });
    await within(table()).findByText('east_a');
    fireEvent.click(toolbar().getByRole('button', { name: 'Delete' }));
    await screen.findByText('Please select at least one row');

    fireEvent.click(screen.getByRole('radio', { name: 'Select row east_a' }));
    fireEvent.click(toolbar().getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    within(dialog).getByText('Remove the business-centre binding of "east_a"?');
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(calls('serviceCenter.delete')).toEqual([]);

    fireEvent.click(toolbar().getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    await screen.findByText('Deleted');
    expect(calls('serviceCenter.delete')).toEqual([{ userIds: '7' }]);
    await waitFor(() => expect(within(table()).queryByText('east_a')).toBeNull());
    within(table()).getByText('east_b');
    expect(screen.getByTestId('selected-count').textContent).toBe('0 selected');
  });

  it('shows only the buttons the role holds', async () => {
    await renderList({ 'serviceCenter.list': () => ok(page([row(7, 'east_a', '东甲')])) }, [Perm.serviceCenterView, Perm.serviceCenterDelete]);
    await within(table()).findByText('east_a');
    expect(
      toolbar()
        .queryAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Delete', 'Refresh']);
    cleanup();
    await renderList({ 'serviceCenter.list': () => ok(page([row(7, 'east_a', '东甲')])) }, [Perm.serviceCenterView]);
    await within(table()).findByText('east_a');
    // Refreshing is for everyone.
    expect(
      toolbar()
        .queryAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Refresh']);
  });

  it('shows a failed load in place, with the server msg and a retry', async () => {
    let fail = true;
    await renderList({ 'serviceCenter.list': () => (fail ? { ok: false, code: 'A0301', msg: 'You have no permission for this action' } : ok(page([row(7, 'east_a', '东甲')]))) });
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain('The data could not be loaded: You have no permission for this action');
    expect(screen.queryByTestId('toast-error')).toBeNull();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await within(table()).findByText('east_a');
  });

  it('reloads when its tab comes back into view with rows older than the stale time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { calls, setActive } = await renderList({ 'serviceCenter.list': () => ok(page([row(7, 'east_a', '东甲')])) });
      await within(table()).findByText('east_a');
      const before = calls('serviceCenter.list').length;
      setActive(false);
      vi.setSystemTime(Date.now() + Delay.listStaleMs);
      setActive(true);
      await waitFor(() => expect(calls('serviceCenter.list').length).toBe(before + 1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('speaks every locale', async () => {
    await renderScreen({
      screen: <ServiceCenterList />,
      routePattern: Route.serviceCenter,
      path: Route.serviceCenter,
      permissions: ALL_KEYS,
      locale: 'de_DE',
      answers: { 'serviceCenter.tree': () => ok(CENTRE_TREE), 'serviceCenter.list': () => ok(page([])) },
    });
    await screen.findByText('Noch ist kein Benutzer einem Geschäftszentrum zugeordnet');
    screen.getByRole('button', { name: 'Hinzufügen' });
  });
});
