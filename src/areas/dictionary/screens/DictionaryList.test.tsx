// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DictionaryNode } from '../contract';
import { Perm, type PermissionKey } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { createFakeBridge, type FakeBridge } from '../../../renderer/testing/fake-bridge';
import { renderInTab } from '../../../renderer/testing/in-tab';
import { answerApiCalls, callsOf } from '../../../renderer/testing/menu-fixtures';
import DictionaryList from './DictionaryList';

const ALL_KEYS: PermissionKey[] = [Perm.dictView, Perm.dictSave, Perm.dictUpdate, Perm.dictDelete];

function node(fields: Partial<DictionaryNode> & Pick<DictionaryNode, 'id' | 'dictNo' | 'label'>): DictionaryNode {
  return {
    parentId: null,
    dictName: fields.label,
    dictOrder: 10,
    status: '1',
    updated: '1',
    names: [],
    createByName: 'admin',
    createTime: '2026-01-01T00:00:00.000Z',
    version: 1,
    children: [],
    ...fields,
  };
}

const page = {
  records: [
    node({ id: 1, dictNo: 'WAYBILL_STATUS', label: 'Waybill status', updated: '0', children: [node({ id: 2, parentId: 1, dictNo: 'CREATED', label: 'Created' })] }),
    node({ id: 3, dictNo: 'VEHICLE_TYPE', label: 'Vehicle type', status: '0' }),
  ],
  total: 12,
  current: 1,
  pages: 2,
  size: 10,
};

let fake: FakeBridge;
beforeEach(() => {
  fake = createFakeBridge();
  answerApiCalls(fake, { 'dictionary.list': { ok: true, data: page } });
});
afterEach(cleanup);

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

async function renderList(permissions: readonly string[] = ALL_KEYS) {
  await renderInTab({
    bridge: fake.bridge,
    path: Route.dictionary,
    permissions,
    routes: [
      [Route.dictionary, <DictionaryList />],
      [Route.dicManage, <Location />],
    ],
  });
  await screen.findByText('Waybill status');
}

describe('dictionary list', () => {
  it('shows a page of dictionaries with their items, the children column, status, lock and the pager', async () => {
    await renderList();
    expect(callsOf(fake, 'dictionary.list')[0]).toEqual({ pageNum: 1, pageSize: 10, name: undefined });
    const rows = screen.getAllByTestId('tree-row');
    expect(rows.map((r) => r.getAttribute('aria-level'))).toEqual(['1', '2', '1']);
    within(rows[0]!).getByText('1 item');
    within(rows[0]!).getByTestId('dictionary-locked');
    within(rows[2]!).getByText('Stopped');
    screen.getByText('12 in total');
  });

  it('adds a dictionary with nothing chosen, and an item under the one chosen row', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row VEHICLE_TYPE' }));
    fireEvent.click(screen.getByTestId('dictionary-add'));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/dicManage/null?parentId=3');
  });

  it('warns when add has more than one row chosen', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row VEHICLE_TYPE' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row CREATED' }));
    fireEvent.click(screen.getByTestId('dictionary-add'));
    await screen.findByText('Only one row can be selected');
  });

  it('shows a role that only views no add, edit, delete or import, but lets it export', async () => {
    await renderList([Perm.dictView]);
    for (const id of ['dictionary-add', 'dictionary-edit', 'dictionary-delete', 'dictionary-import']) expect(screen.queryByTestId(id)).toBeNull();
    screen.getByTestId('dictionary-export');
  });

  it('searches by name and exports what the filter shows', async () => {
    await renderList();
    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: ' vehicle ' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(callsOf(fake, 'dictionary.list').at(-1)).toEqual({ pageNum: 1, pageSize: 10, name: 'vehicle' }));
    fake.method('exports.start').mockResolvedValueOnce({ ok: true, data: { exportId: 'e1', path: '/tmp/dictionaries.xlsx' } });
    fireEvent.click(screen.getByTestId('dictionary-export'));
    await screen.findByText('Exporting, please wait');
    expect(fake.method('exports.start').mock.calls[0]![0]).toEqual({ endpointId: 'dictionary.export', input: { name: 'vehicle' }, suggestedName: 'dictionaries.xlsx' });
    fake.emit({ type: 'export-progress', exportId: 'e1', bytes: 2048, done: false });
    await screen.findByText('Exporting: 2.0 KB written');
    fake.emit({ type: 'export-progress', exportId: 'e1', bytes: 4096, done: true });
    await screen.findByText('Exported to /tmp/dictionaries.xlsx');
    expect(screen.queryByTestId('dictionary-export-progress')).toBeNull();
  });

  it('says the export failed when the server answers with a refusal instead of a file, and cancels a running one', async () => {
    await renderList();
    fake.method('exports.start').mockResolvedValueOnce({ ok: false, code: 'A0301', msg: 'You have no permission for this action' });
    fireEvent.click(screen.getByTestId('dictionary-export'));
    await screen.findByText('Export failed, please try later (You have no permission for this action)');

    fake.method('exports.start').mockResolvedValueOnce({ ok: true, data: { exportId: 'e2', path: '/tmp/d.xlsx' } });
    fireEvent.click(screen.getByTestId('dictionary-export'));
    fireEvent.click(await screen.findByTestId('dictionary-export-cancel'));
    await waitFor(() => expect(fake.method('exports.cancel')).toHaveBeenCalledWith('e2'));
    fake.emit({ type: 'export-progress', exportId: 'e2', bytes: 0, done: true, error: 'The export was cancelled' });
    await screen.findByText('The export was cancelled');
  });
});
