// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge';
import type { BindingRow } from '../../../areas/service-center/contract';
import type { ScreenListViews } from '../../../shared/list-views';
import { createTabReturns, ShellTabContext } from '../screen/shell-tab';
import { createFakeBridge } from '../../testing/fake-bridge';
import { testProviders } from '../../testing/providers';
import { ListTable } from './ListTable';
import { binding, NO_BINDING_FILTERS } from './testing-bindings';
import { pageRows, useListController } from './useListController';
import { savedViewsQuery } from './useListViews';
import { viewPath } from './view-link';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SCREEN = '/bindings@serviceCenter.list';

function Bindings() {
  const list = useListController({
    queryId: 'serviceCenter.list',
    filters: { initial: NO_BINDING_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, ...filters }),
    rowsOf: pageRows,
    getRowId: (row: BindingRow) => row.userId,
  });
  return (
    <>
      <input aria-label="Account" value={list.filters.draft.account} onChange={(event) => list.filters.change({ account: event.target.value })} />
      <button onClick={list.filters.search}>Search</button>
      <ListTable
        aria-label="Bindings"
        list={list}
        columns={[
          { key: 'account', header: 'Account', render: (row: BindingRow) => row.account },
          { key: 'name', header: 'Name', render: (row: BindingRow) => row.name },
          { key: 'dept', header: 'Department', render: (row: BindingRow) => row.deptNames },
        ]}
      />
    </>
  );
}

/** The list in a tab at `path`, over a fake bridge keeping the screen's views as the core would. */
/** Another screen's views, which every read carries and no save of this list may lose. */
const ROLES_SCREEN = '/roles@role.list';
const rolesViews: ScreenListViews = { views: [], defaultView: null, layout: { hidden: ['remark'] } };

async function renderBindings(options: { path?: string; stored?: ScreenListViews; readByShell?: boolean } = {}) {
  const rows = Array.from({ length: 12 }, (_, i) => binding(i + 1));
  const fake = createFakeBridge();
  let stored: ScreenListViews = options.stored ?? { views: [], defaultView: null, layout: null };
  fake.method('api.call').mockImplementation(async (id: unknown, input: unknown): Promise<BridgeResult<unknown>> => {
    const args = input as Record<string, unknown>;
    if (id !== 'serviceCenter.list') return { ok: false, code: 'A0404', msg: `unexpected ${String(id)}` };
    const matching = rows.filter((row) => row.account.includes(String(args.account ?? '')));
    const start = (Number(args.pageNum) - 1) * Number(args.pageSize);
    return { ok: true, data: { records: matching.slice(start, start + Number(args.pageSize)), total: matching.length, current: args.pageNum, pages: 1, size: args.pageSize } };
  });
  let others: Record<string, ScreenListViews> = { [ROLES_SCREEN]: rolesViews };
  fake.method('listViews.all').mockImplementation(async () => ({ ok: true, data: { ...others, [SCREEN]: stored } }));
  fake.method('listViews.save').mockImplementation(async (request: unknown) => {
    const save = request as { screen: string; state: ScreenListViews };
    if (save.screen === SCREEN) stored = save.state;
    else others = { ...others, [save.screen]: save.state };
    return { ok: true, data: save.state };
  });
  const path = options.path ?? '/bindings';
  const { Wrapper, queryClient } = await testProviders({ bridge: fake.bridge, path });
  // The shell reads every screen's views as it opens; a list opened before that reads them itself.
  if (options.readByShell) await queryClient.prefetchQuery(savedViewsQuery(fake.bridge));
  render(
    <ShellTabContext.Provider value={{ path, returns: createTabReturns(), closeSelf: vi.fn() }}>
      <Bindings />
    </ShellTabContext.Provider>,
    { wrapper: Wrapper },
  );
  const listCalls = () =>
    fake
      .method('api.call')
      .mock.calls.filter(([id]) => id === 'serviceCenter.list')
      .map(([, input]) => input as Record<string, unknown>);
  const saves = () => fake.method('listViews.save').mock.calls.map(([request]) => request as { screen: string; state: ScreenListViews });
  return { fake, listCalls, saves, stored: () => stored, others: () => others, queryClient };
}

/** A menu item by its test id, checked to read `text` (Tabster may hide an open menu from role queries in jsdom). */
async function menuItem(testId: string, text: string): Promise<HTMLElement> {
  const item = await screen.findByTestId(testId);
  expect(item.textContent).toBe(text);
  return item;
}

async function savedView(name: string): Promise<HTMLElement> {
  await screen.findAllByTestId('saved-view');
  const item = screen.getAllByTestId('saved-view').find((candidate) => candidate.textContent?.startsWith(name));
  if (!item) throw new Error(`no saved view ${name} in the menu`);
  return item;
}

const headers = () =>
  within(screen.getByRole('table', { name: 'Bindings' }))
    .getAllByRole('columnheader')
    .map((cell) => cell.getAttribute('data-column'));

describe('the column chooser', () => {
  it('hides, shows and moves columns, keeps one visible, and keeps the layout for the screen', async () => {
    const { saves } = await renderBindings();
    await screen.findByText('acct_1');
    expect(headers()).toEqual([null, 'account', 'name', 'dept']);

    fireEvent.click(screen.getByTestId('columns-button'));
    // Tabster hides the popover from the accessibility tree in jsdom once its timers run: its controls by test id.
    const chooser = within(await screen.findByTestId('column-chooser'));
    expect(chooser.getByTestId('column-up-dept').getAttribute('aria-label')).toBe('Move "Department" up');
    fireEvent.click(chooser.getByTestId('column-visible-name'));
    expect(headers()).toEqual([null, 'account', 'dept']);
    fireEvent.click(chooser.getByTestId('column-up-dept'));
    fireEvent.click(chooser.getByTestId('column-up-dept'));
    expect(headers()).toEqual([null, 'dept', 'account']);

    fireEvent.click(chooser.getByTestId('column-visible-account'));
    expect(headers()).toEqual([null, 'dept']);
    // The last column shown cannot be hidden, and the chooser says why.
    expect(chooser.getByTestId('column-visible-dept')).toHaveProperty('disabled', true);
    expect(chooser.getByText('At least one column stays visible')).toBeTruthy();

    await waitFor(() => expect(saves().at(-1)).toEqual({ screen: SCREEN, state: { views: [], defaultView: null, layout: { order: ['dept', 'account', 'name'], hidden: ['name', 'account'] } } }));
    fireEvent.click(chooser.getByTestId('reset-columns'));
    expect(headers()).toEqual([null, 'account', 'name', 'dept']);
    await waitFor(() => expect(saves().at(-1)?.state.layout).toBeNull());
  });

  it('resizes a column with the arrow keys on its handle, not narrower than 60 pixels', async () => {
    const { saves } = await renderBindings({ stored: { views: [], defaultView: null, layout: { widths: { name: 100 } } } });
    await screen.findByText('acct_1');
    const handle = screen.getByRole('separator', { name: 'Width of "Name"' });
    expect(handle.getAttribute('aria-valuenow')).toBe('100');
    // A column at its automatic width still says a width (a focusable separator needs a value): jsdom lays out none, so the least.
    expect(screen.getByRole('separator', { name: 'Width of "Account"' }).getAttribute('aria-valuenow')).toBe('60');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle.getAttribute('aria-valuenow')).toBe('110');
    fireEvent.keyDown(handle, { key: 'ArrowLeft', shiftKey: true });
    expect(handle.getAttribute('aria-valuenow')).toBe('60');
    expect(screen.getByRole('columnheader', { name: /^Name/ }).style.width).toBe('60px');
    await waitFor(() => expect(saves().at(-1)?.state.layout).toEqual({ widths: { name: 60 } }));
  });
});

describe('saved views', () => {
  const active: ScreenListViews = {
    views: [{ name: 'Only 1x', state: { filters: { account: 'acct_1' }, sort: null, columns: { hidden: ['dept'] }, pageSize: 10 } }],
    defaultView: 'Only 1x',
    layout: null,
  };

  it('apply the default view when the screen opens: its filters, before any rows are asked for, and its columns', async () => {
    const { listCalls } = await renderBindings({ stored: active });
    await screen.findByText('acct_10');
    expect(listCalls()).toEqual([{ pageNum: 1, pageSize: 10, account: 'acct_1', name: '', deptId: null }]);
    expect(headers()).toEqual([null, 'account', 'name']);
    expect(screen.getByTestId('current-view').textContent).toBe('View: Only 1x');
    // A changed filter marks the view changed.
    fireEvent.change(screen.getByRole('textbox', { name: 'Account' }), { target: { value: 'acct_12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('current-view').textContent).toBe('View: Only 1x •(changed)'));
    // Choosing it again puts it back as saved.
    fireEvent.click(screen.getByTestId('views-menu'));
    fireEvent.click(await savedView('Only 1x'));
    await waitFor(() => expect(screen.getByTestId('current-view').textContent).toBe('View: Only 1x'));
    expect(listCalls().at(-1)).toMatchObject({ account: 'acct_1' });
  });

  it('apply the default view in the first call for rows when the shell has read the views, without a read of their own', async () => {
    const { fake, listCalls, others, stored, queryClient } = await renderBindings({ stored: active, readByShell: true });
    expect(listCalls()).toEqual([{ pageNum: 1, pageSize: 10, account: 'acct_1', name: '', deptId: null }]);
    await screen.findByText('acct_10');
    expect(fake.method('listViews.all')).toHaveBeenCalledTimes(1);
    expect(headers()).toEqual([null, 'account', 'name']);
    // A save of this screen's views keeps the other screens' views, in the store and in what the shell read.
    fireEvent.click(screen.getByTestId('columns-button'));
    fireEvent.click(within(await screen.findByTestId('column-chooser')).getByTestId('column-visible-name'));
    await waitFor(() => expect(fake.method('listViews.save')).toHaveBeenCalled());
    expect(others()).toEqual({ [ROLES_SCREEN]: rolesViews });
    expect(queryClient.getQueryData(savedViewsQuery(fake.bridge).queryKey)).toEqual({ [ROLES_SCREEN]: rolesViews, [SCREEN]: stored() });
    expect(stored().layout).toEqual({ hidden: ['dept', 'name'] });
  });

  it('a view link opens the list with its filters, sort and columns, and not the default view', async () => {
    const path = viewPath('/bindings', { filters: { account: 'acct_2', unknown: 'x' }, sort: { column: 'account', order: 'desc' }, columns: { hidden: ['name'] }, pageSize: 20 });
    const { listCalls } = await renderBindings({ path, stored: active });
    await screen.findByText('acct_2');
    expect(listCalls()[0]).toEqual({ pageNum: 1, pageSize: 20, account: 'acct_2', name: '', deptId: null });
    expect(headers()).toEqual([null, 'account', 'dept']);
    expect(screen.queryByTestId('current-view')).toBeNull();
  });

  it('saves what is on view under a new name, refusing a name taken, and sets it as default', async () => {
    const { saves, stored } = await renderBindings({ stored: active });
    await screen.findByText('acct_10');
    fireEvent.change(screen.getByRole('textbox', { name: 'Account' }), { target: { value: 'acct_11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('acct_10')).toBeNull());

    fireEvent.click(screen.getByTestId('views-menu'));
    fireEvent.click(await menuItem('save-view', 'Save current view…'));
    const dialog = within(await screen.findByTestId('save-view-dialog'));
    fireEvent.change(dialog.getByTestId('view-name'), { target: { value: ' only 1X ' } });
    fireEvent.click(dialog.getByTestId('save-view-ok'));
    expect(await dialog.findByText('This screen already has a view named "only 1X"')).toBeTruthy();
    expect(saves()).toEqual([]);

    fireEvent.change(dialog.getByTestId('view-name'), { target: { value: 'Eleven' } });
    fireEvent.click(dialog.getByTestId('save-view-ok'));
    await waitFor(() => expect(screen.queryByTestId('save-view-dialog')).toBeNull());
    expect(stored().views.at(-1)).toEqual({ name: 'Eleven', state: { filters: { account: 'acct_11', name: '', deptId: null }, sort: null, columns: { hidden: ['dept'] }, pageSize: 10 } });
    expect(screen.getByTestId('current-view').textContent).toBe('View: Eleven');

    fireEvent.click(screen.getByTestId('views-menu'));
    fireEvent.click(await menuItem('set-default-view', 'Set as default'));
    await waitFor(() => expect(stored().defaultView).toBe('Eleven'));

    // Another view is applied from the menu.
    fireEvent.click(screen.getByTestId('views-menu'));
    fireEvent.click(await savedView('Only 1x'));
    await screen.findByText('acct_10');
    expect(screen.getByTestId('current-view').textContent).toBe('View: Only 1x');
  });

  it('deletes the current view after confirmation, and the default with it', async () => {
    const { stored, saves } = await renderBindings({ stored: active });
    await screen.findByText('acct_10');
    fireEvent.click(screen.getByTestId('views-menu'));
    fireEvent.click(await menuItem('delete-view', 'Delete view'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('Delete the view "Only 1x"?');
    fireEvent.click(within(confirm).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(saves()).toEqual([]);

    fireEvent.click(screen.getByTestId('views-menu'));
    fireEvent.click(await menuItem('delete-view', 'Delete view'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(stored()).toEqual({ views: [], defaultView: null, layout: null }));
    await waitFor(() => expect(screen.queryByTestId('current-view')).toBeNull());
  });

  it('copies a link to what is on view', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderBindings({ stored: active });
    await screen.findByText('acct_10');
    fireEvent.click(screen.getByTestId('views-menu'));
    await act(async () => fireEvent.click(await menuItem('copy-view-link', 'Copy link')));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const link = writeText.mock.calls[0]![0];
    expect(link).toBe(`${location.origin}${location.pathname}#${viewPath('/bindings', { filters: { account: 'acct_1' }, sort: null, columns: { hidden: ['dept'] }, pageSize: 10 })}`);
  });
});
