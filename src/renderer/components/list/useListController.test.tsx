// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge';
import { Delay } from '../../../shared/constants';
import type { BindingRow } from '../../../areas/service-center/contract';
import { ShellTabContext, type ShellTabValue } from '../screen/shell-tab';
import { SessionGuard } from '../../testing/providers';
import { invalidateBridgeQueries } from '../../hooks/bridge-query';
import { createFakeBridge } from '../../testing/fake-bridge';
import { testProviders } from '../../testing/providers';
import { tabVisits } from '../../testing/tab-visits';
import { ListTable } from './ListTable';
import { binding, NO_BINDING_FILTERS } from './testing-bindings';
import { pageRows, useListController } from './useListController';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SIGNED_IN_USER_ID = 1;

/** A list on the controller, with the controls a screen would give it. */
function Bindings() {
  const list = useListController({
    queryId: 'serviceCenter.list',
    filters: { initial: NO_BINDING_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, ...filters }),
    rowsOf: pageRows,
    getRowId: (row: BindingRow) => row.userId,
    routes: { add: '/bindings/new', edit: (userId) => `/bindings/${userId}` },
    deleteSelected: {
      endpoint: 'serviceCenter.delete',
      input: (ids) => ({ userIds: ids.join(',') }),
      refuse: (ids) => (ids.includes(SIGNED_IN_USER_ID) ? 'user.deleteSelf' : null),
      itemLabel: (row) => row.account,
    },
  });
  return (
    <>
      <input aria-label="Account" value={list.filters.draft.account} onChange={(event) => list.filters.change({ account: event.target.value })} />
      <output data-testid="applied">{list.filters.applied.account}</output>
      <output data-testid="filtered">{String(list.filtered)}</output>
      <button onClick={list.filters.search}>Search</button>
      <button onClick={list.filters.reset}>Reset</button>
      <button onClick={list.add}>Add</button>
      <button onClick={list.editSelected}>Edit</button>
      <button onClick={list.deleteSelected} disabled={list.deleting}>
        Delete
      </button>
      <ListTable aria-label="Bindings" list={list} columns={[{ key: 'account', header: 'Account', render: (row: BindingRow) => row.account }]} getRowLabel={(row) => row.account} />
    </>
  );
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The list in a tab, over a fake server holding `count` bindings; `refuseDelete` makes the server refuse deletes with that msg. */
async function renderBindings(options: { count?: number; refuseDelete?: string } = {}) {
  let rows = Array.from({ length: options.count ?? 25 }, (_, i) => binding(i + 1));
  const fake = createFakeBridge();
  fake.method('api.call').mockImplementation(async (id: unknown, input: unknown): Promise<BridgeResult<unknown>> => {
    const args = input as Record<string, unknown>;
    if (id === 'serviceCenter.list') {
      const matching = rows.filter((row) => row.account.includes(String(args.account ?? '')));
      const start = (Number(args.pageNum) - 1) * Number(args.pageSize);
      return { ok: true, data: { records: matching.slice(start, start + Number(args.pageSize)), total: matching.length, current: args.pageNum, pages: 1, size: args.pageSize } };
    }
    if (id === 'serviceCenter.delete') {
      if (options.refuseDelete) return { ok: false, code: 'A0001', msg: options.refuseDelete };
      const ids = String(args.userIds).split(',').map(Number);
      rows = rows.filter((row) => !ids.includes(row.userId));
      return { ok: true, data: null };
    }
    return { ok: false, code: 'A0404', msg: `unexpected ${String(id)}` };
  });
  const { Wrapper, reporter, queryClient } = await testProviders({ bridge: fake.bridge, path: '/bindings' });
  const { returns, setActive } = tabVisits();
  const tab: ShellTabValue = { path: '/bindings', returns, closeSelf: vi.fn() };
  const tree = (
    <ShellTabContext.Provider value={tab}>
      <SessionGuard reporter={reporter} />
      <Bindings />
      <Location />
    </ShellTabContext.Provider>
  );
  const rendered = render(tree, { wrapper: Wrapper });
  await screen.findByText('acct_1');
  const calls = (id: string) =>
    fake
      .method('api.call')
      .mock.calls.filter(([called]) => called === id)
      .map(([, input]) => input as Record<string, unknown>);
  /** Closes the list and opens it again, over the same query cache (a tab closed and opened again). */
  const reopen = () => {
    rendered.unmount();
    render(tree, { wrapper: Wrapper });
  };
  return { calls, queryClient, setActive, reopen, dropRow: (userId: number) => (rows = rows.filter((row) => row.userId !== userId)) };
}

const button = (name: string) => screen.getByRole('button', { name });
const pager = () => within(screen.getByRole('navigation', { name: 'Pagination' }));
const check = (account: string) => fireEvent.click(screen.getByRole('checkbox', { name: `Select row ${account}` }));
const selectedCount = () => screen.getByTestId('selected-count').textContent;

describe('useListController: filters', () => {
  it('keeps the draft apart from the applied filters until search, which starts at page 1', async () => {
    const { calls } = await renderBindings();
    expect(calls('serviceCenter.list')).toEqual([{ pageNum: 1, pageSize: 10, account: '', name: '', deptId: null }]);
    fireEvent.click(pager().getByRole('button', { name: 'Page 2' }));
    await screen.findByText('acct_11');

    fireEvent.change(screen.getByRole('textbox', { name: 'Account' }), { target: { value: 'acct_2' } });
    expect(calls('serviceCenter.list').at(-1)).toMatchObject({ pageNum: 2, account: '' });
    expect(screen.getByTestId('applied').textContent).toBe('');

    fireEvent.click(button('Search'));
    await waitFor(() => expect(calls('serviceCenter.list').at(-1)).toEqual({ pageNum: 1, pageSize: 10, account: 'acct_2', name: '', deptId: null }));
    await screen.findByText('acct_20');
    expect(screen.queryByText('acct_11')).toBeNull();
    expect(screen.getByTestId('filtered').textContent).toBe('true');
  });

  it('asks the server again when the same filters are searched again', async () => {
    const { calls } = await renderBindings();
    const before = calls('serviceCenter.list').length;
    fireEvent.click(button('Search'));
    await waitFor(() => expect(calls('serviceCenter.list')).toHaveLength(before + 1));
  });

  it('reset clears draft and applied filters and goes back to page 1', async () => {
    const { calls } = await renderBindings();
    fireEvent.change(screen.getByRole('textbox', { name: 'Account' }), { target: { value: 'acct_1' } });
    fireEvent.click(button('Search'));
    await waitFor(() => expect(screen.getByTestId('pager-total').textContent).toBe('11 in total'));
    fireEvent.click(pager().getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls('serviceCenter.list').at(-1)).toMatchObject({ pageNum: 2, account: 'acct_1' }));

    fireEvent.click(button('Reset'));
    await waitFor(() => expect(calls('serviceCenter.list').at(-1)).toEqual({ pageNum: 1, pageSize: 10, account: '', name: '', deptId: null }));
    expect((screen.getByRole('textbox', { name: 'Account' }) as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('filtered').textContent).toBe('false');
    await waitFor(() => expect(screen.getByTestId('pager-total').textContent).toBe('25 in total'));
  });
});

describe('useListController: paging and selection', () => {
  it('a new page size starts at page 1, and another page clears the selection', async () => {
    const { calls } = await renderBindings();
    fireEvent.click(pager().getByRole('button', { name: 'Page 3' }));
    await screen.findByText('acct_21');
    check('acct_21');
    expect(selectedCount()).toBe('1 selected');
    fireEvent.click(pager().getByRole('button', { name: 'Page 2' }));
    await screen.findByText('acct_11');
    expect(selectedCount()).toBe('0 selected');

    fireEvent.click(screen.getByTestId('page-size'));
    fireEvent.click(await screen.findByRole('option', { name: '20 / page' }));
    await waitFor(() => expect(calls('serviceCenter.list').at(-1)).toMatchObject({ pageNum: 1, pageSize: 20 }));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(20));
  });

  it('edit needs exactly one row and opens its form; add opens the empty form', async () => {
    await renderBindings();
    fireEvent.click(button('Edit'));
    await screen.findByText('Please select one row');
    check('acct_2');
    check('acct_3');
    fireEvent.click(button('Edit'));
    await screen.findByText('Only one row can be selected');
    expect(screen.getByTestId('location').textContent).toBe('/bindings');
    check('acct_2');
    fireEvent.click(button('Edit'));
    expect(screen.getByTestId('location').textContent).toBe('/bindings/3');
    fireEvent.click(button('Add'));
    expect(screen.getByTestId('location').textContent).toBe('/bindings/new');
  });

  it('counts only chosen rows that the list still holds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { setActive, dropRow } = await renderBindings();
    check('acct_2');
    check('acct_3');
    dropRow(2);
    setActive(false);
    vi.setSystemTime(Date.now() + Delay.listStaleMs);
    setActive(true);
    await waitFor(() => expect(screen.queryByText('acct_2')).toBeNull());
    expect(selectedCount()).toBe('1 selected');
  });
});

describe('useListController: reload', () => {
  it('asks for its first rows once, as it first renders, and again when it opens anew over rows it read before', async () => {
    const { calls, reopen } = await renderBindings();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls('serviceCenter.list')).toHaveLength(1);

    reopen();
    await screen.findByText('acct_1');
    await waitFor(() => expect(calls('serviceCenter.list')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls('serviceCenter.list')).toHaveLength(2);
  });

  it('shows its rows at once with no call when its tab comes back within the stale time, and asks again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls, setActive } = await renderBindings();
    const first = calls('serviceCenter.list').length;
    setActive(false);
    setActive(false);
    vi.setSystemTime(Date.now() + Delay.listStaleMs - 1000);
    setActive(true);
    expect(screen.getByText('acct_1')).toBeTruthy();
    setActive(false);
    setActive(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls('serviceCenter.list')).toHaveLength(first);

    setActive(false);
    vi.setSystemTime(Date.now() + 2000);
    setActive(true);
    await waitFor(() => expect(calls('serviceCenter.list')).toHaveLength(first + 1));
    expect(screen.getByText('acct_1')).toBeTruthy();
  });

  it('reloads while away when its own form saved, and shows those rows on return with no further call', async () => {
    const { calls, setActive, queryClient, dropRow } = await renderBindings();
    const first = calls('serviceCenter.list').length;
    setActive(false);
    dropRow(1);
    // What a record form's save does to its list (useRecordForm's refresh).
    await act(() => invalidateBridgeQueries(queryClient, 'serviceCenter.list'));
    expect(calls('serviceCenter.list')).toHaveLength(first + 1);
    // The kept screen shows the new rows while its tab is away, so they are on view the moment it comes back.
    await waitFor(() => expect(screen.queryByText('acct_1')).toBeNull());
    setActive(true);
    screen.getByText('acct_2');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls('serviceCenter.list')).toHaveLength(first + 1);
  });

  it('keeps filters, page and selection while the tab is away', async () => {
    const { calls, setActive } = await renderBindings();
    fireEvent.click(pager().getByRole('button', { name: 'Page 2' }));
    await screen.findByText('acct_11');
    check('acct_12');
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = calls('serviceCenter.list').length;
    setActive(false);
    vi.setSystemTime(Date.now() + Delay.listStaleMs);
    setActive(true);
    await waitFor(() => expect(calls('serviceCenter.list')).toHaveLength(before + 1));
    expect(calls('serviceCenter.list').at(-1)).toMatchObject({ pageNum: 2 });
    expect(pager().getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(selectedCount()).toBe('1 selected');
  });
});

describe('useListController: delete', () => {
  it('needs a row, and refuses what the screen refuses before asking', async () => {
    const { calls } = await renderBindings();
    fireEvent.click(button('Delete'));
    await screen.findByText('Please select at least one row');
    check(`acct_${SIGNED_IN_USER_ID}`);
    fireEvent.click(button('Delete'));
    await screen.findByText('You cannot delete your own account');
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(calls('serviceCenter.delete')).toEqual([]);
  });

  it('asks first, then deletes the chosen rows, says so, clears the choice and reloads', async () => {
    const { calls } = await renderBindings();
    check('acct_2');
    check('acct_3');
    fireEvent.click(button('Delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    // It says what goes and how many, and its yes is painted as the destructive answer.
    expect(dialog.textContent).toContain('Delete these 2 entries: acct_2, acct_3?');
    expect(within(dialog).getByTestId('confirm-dialog-ok').dataset.destructive).toBe('true');
    fireEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(calls('serviceCenter.delete')).toEqual([]);
    expect(selectedCount()).toBe('2 selected');

    const loads = calls('serviceCenter.list').length;
    fireEvent.click(button('Delete'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(calls('serviceCenter.delete')).toEqual([{ userIds: '2,3' }]));
    await screen.findByText('Deleted');
    await waitFor(() => expect(calls('serviceCenter.list').length).toBeGreaterThan(loads));
    await waitFor(() => expect(screen.queryByText('acct_2')).toBeNull());
    expect(selectedCount()).toBe('0 selected');
  });

  it('shows the server msg of a refused delete and keeps the rows and the choice', async () => {
    const { calls } = await renderBindings({ refuseDelete: 'Unbind the centres first' });
    check('acct_2');
    fireEvent.click(button('Delete'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    await screen.findByText('Unbind the centres first');
    expect(calls('serviceCenter.delete')).toEqual([{ userIds: '2' }]);
    screen.getByText('acct_2');
    expect(selectedCount()).toBe('1 selected');
    expect(screen.queryByText('Deleted')).toBeNull();
  });
});
