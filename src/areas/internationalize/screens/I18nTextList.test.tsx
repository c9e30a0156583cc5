// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { I18nTextRecord } from '../contract';
import { Perm, type PermissionKey } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { createFakeBridge, type FakeBridge } from '../../../renderer/testing/fake-bridge';
import { renderInTab } from '../../../renderer/testing/in-tab';
import { answerApiCalls, callsOf } from '../../../renderer/testing/menu-fixtures';
import I18nTextList from './I18nTextList';

const ALL_KEYS: PermissionKey[] = [Perm.i18nView, Perm.i18nSave, Perm.i18nDelete];

function text(fields: Partial<I18nTextRecord> & Pick<I18nTextRecord, 'id' | 'chinese'>): I18nTextRecord {
  return { english: '', german: '', korean: '', japanese: '', status: 1, operater: 'system', createTime: '2026-01-01T00:00:00.000Z', updateTime: null, version: 1, ...fields };
}

const page = {
  records: [text({ id: 1, chinese: '字典管理', english: 'Dictionaries', german: 'Wörterbücher', version: 4 }), text({ id: 2, chinese: '运单查询', status: 2, operater: '系统管理员' })],
  total: 23,
  current: 1,
  pages: 3,
  size: 10,
};

let fake: FakeBridge;
beforeEach(() => {
  fake = createFakeBridge();
  answerApiCalls(fake, { 'i18nText.list': { ok: true, data: page }, 'i18nText.save': { ok: true, data: { id: 1, version: 5 } } });
});
afterEach(cleanup);

async function renderList(permissions: readonly string[] = ALL_KEYS) {
  await renderInTab({ bridge: fake.bridge, path: Route.internationalize, permissions, routes: [[Route.internationalize, <I18nTextList />]] });
  await screen.findByText('字典管理', {}, { timeout: 20_000 });
}

const rowOf = (chinese: string) => screen.getAllByTestId('list-row').find((row) => within(row).queryByText(chinese) !== null)!;

// Rendering the screen in jsdom is slow on a busy machine: a generous limit per test, none on how long it takes.
describe('multilingual text list', { timeout: 30_000 }, () => {
  it('shows the texts with status and who changed them, paged without a page-size selector', async () => {
    await renderList();
    expect(callsOf(fake, 'i18nText.list')[0]).toEqual({ chinese: undefined, status: null, page: 1, limit: 10 });
    within(rowOf('字典管理')).getByText('Wörterbücher');
    within(rowOf('运单查询')).getByText('Unusable');
    within(rowOf('运单查询')).getByText('系统管理员');
    screen.getByText('23 in total');
    expect(screen.queryByTestId('page-size')).toBeNull();
  });

  it('searches by Chinese text', async () => {
    await renderList();
    fireEvent.change(screen.getByTestId('filter-chinese'), { target: { value: ' 运单 ' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(callsOf(fake, 'i18nText.list').at(-1)).toEqual({ chinese: '运单', status: null, page: 1, limit: 10 }));
  });

  it('edits a row in the dialog at the version read, and asks for the Chinese name before saving', async () => {
    await renderList();
    fireEvent.click(within(rowOf('字典管理')).getByTestId('i18n-row-edit'));
    const dialog = await screen.findByTestId('i18n-dialog');
    const chinese = within(dialog).getByTestId('field-chinese');
    fireEvent.change(chinese, { target: { value: '' } });
    fireEvent.click(within(dialog).getByTestId('i18n-dialog-save'));
    await within(dialog).findByText('Please fill in the Chinese name');
    expect(callsOf(fake, 'i18nText.save')).toEqual([]);

    fireEvent.change(chinese, { target: { value: '字典管理' } });
    const english = within(dialog).getByTestId('field-english');
    fireEvent.change(english, { target: { value: 'Code lists' } });
    fireEvent.click(within(dialog).getByTestId('i18n-dialog-save'));
    await waitFor(() =>
      expect(callsOf(fake, 'i18nText.save')).toEqual([{ id: 1, version: 4, chinese: '字典管理', english: 'Code lists', german: 'Wörterbücher', korean: '', japanese: '', status: 1 }]),
    );
    await waitFor(() => expect(screen.queryByTestId('i18n-dialog')).toBeNull());
  });

  it('deletes a row after a question naming its text', async () => {
    await renderList();
    fireEvent.click(within(rowOf('运单查询')).getByTestId('i18n-row-delete'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('Delete "运单查询" with all its translations?');
    fireEvent.click(within(confirm).getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(callsOf(fake, 'i18nText.delete')).toEqual([{ id: 2 }]));
  });

  it('shows a role with the view key only no add, edit, delete or import', async () => {
    await renderList([Perm.i18nView]);
    expect(screen.queryByTestId('i18n-add')).toBeNull();
    expect(screen.queryByTestId('i18n-import')).toBeNull();
    expect(screen.queryAllByTestId('i18n-row-edit')).toEqual([]);
    expect(screen.queryAllByTestId('i18n-row-delete')).toEqual([]);
    screen.getByTestId('i18n-export');
  });
});
