// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge';
import { serviceCenter, type BindingRow } from '../../../areas/service-center/contract';
import { Perm } from '../../../shared/permissions';
import { PermissionsProvider } from '../permissions';
import { createTabReturns, ShellTabContext } from '../screen/shell-tab';
import { createFakeBridge } from '../../testing/fake-bridge';
import { testProviders } from '../../testing/providers';
import { ListTable } from './ListTable';
import { RowActions, useEditDeleteActions } from './RowActions';
import { binding, NO_BINDING_FILTERS } from './testing-bindings';
import { pageRows, useListController } from './useListController';

afterEach(cleanup);

/** A list whose rows carry their own edit and delete, as the screens give them. */
function Bindings({ onEdit }: { onEdit: (row: BindingRow) => void }) {
  const list = useListController({
    queryId: 'serviceCenter.list',
    filters: { initial: NO_BINDING_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, ...filters }),
    rowsOf: pageRows,
    getRowId: (row: BindingRow) => row.userId,
    deleteSelected: {
      endpoint: 'serviceCenter.delete',
      input: (ids) => ({ userIds: ids.join(',') }),
      itemLabel: (row) => row.account,
      question: { one: 'list.deleteOne', many: 'list.deleteMany' },
    },
  });
  const rowActions = useEditDeleteActions({ edit: { endpoint: serviceCenter.update, run: onEdit }, remove: { endpoint: serviceCenter.delete, run: list.deleteRow } });
  return (
    <ListTable
      aria-label="Bindings"
      list={list}
      columns={[
        { key: 'account', header: 'Account', render: (row: BindingRow) => row.account },
        {
          key: 'actions',
          header: 'Actions',
          render: (row: BindingRow) => <RowActions rowLabel={row.account} testIdPrefix={`row-${row.userId}`} actions={[rowActions.edit(row), rowActions.remove(row)]} />,
        },
      ]}
      getRowLabel={(row) => row.account}
    />
  );
}

async function renderBindings(permissions: readonly string[]) {
  let rows = Array.from({ length: 3 }, (_, i) => binding(i + 1));
  const fake = createFakeBridge();
  fake.method('api.call').mockImplementation(async (id: unknown, input: unknown): Promise<BridgeResult<unknown>> => {
    const args = input as Record<string, unknown>;
    if (id === 'serviceCenter.list') return { ok: true, data: { records: rows, total: rows.length, current: 1, pages: 1, size: 10 } };
    if (id === 'serviceCenter.delete') {
      const ids = String(args.userIds).split(',').map(Number);
      rows = rows.filter((row) => !ids.includes(row.userId));
      return { ok: true, data: null };
    }
    return { ok: false, code: 'A0404', msg: `unexpected ${String(id)}` };
  });
  const { Wrapper } = await testProviders({ bridge: fake.bridge, path: '/bindings' });
  const onEdit = vi.fn();
  render(
    <ShellTabContext.Provider value={{ path: '/bindings', returns: createTabReturns(), closeSelf: vi.fn() }}>
      <PermissionsProvider permissions={permissions}>
        <Bindings onEdit={onEdit} />
      </PermissionsProvider>
    </ShellTabContext.Provider>,
    { wrapper: Wrapper },
  );
  await screen.findByText('acct_1');
  const deletes = () =>
    fake
      .method('api.call')
      .mock.calls.filter(([called]) => called === 'serviceCenter.delete')
      .map(([, input]) => input);
  return { onEdit, deletes };
}

describe('a row’s own edit and delete', () => {
  it('names each button with its row and shows it only with its key', async () => {
    await renderBindings([Perm.serviceCenterUpdate]);
    expect(screen.getByTestId('row-2-edit').getAttribute('aria-label')).toBe('Edit acct_2');
    expect(screen.queryByTestId('row-2-delete')).toBeNull();
  });

  it('edits its own row, and deletes it after a question naming it, keeping the chosen rows chosen', async () => {
    const { onEdit, deletes } = await renderBindings([Perm.serviceCenterUpdate, Perm.serviceCenterDelete]);
    fireEvent.click(screen.getByTestId('row-2-edit'));
    expect(onEdit).toHaveBeenCalledWith(binding(2));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row acct_1' }));
    fireEvent.click(screen.getByTestId('row-2-delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('acct_2');
    expect(dialog.textContent).not.toContain('acct_1');
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(deletes()).toEqual([{ userIds: '2' }]));
    await waitFor(() => expect(screen.queryByText('acct_2')).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'Select row acct_1' }) as HTMLInputElement).checked).toBe(true);
  });
});
