import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { rules } from '../../../shared/rules';
import { createI18n } from '../../i18n';
import { deleteQuestion } from './delete-question';
import { FILTER_TEXT_MAX, sameFilters } from './filters';
import { INITIAL_LIST_STATE, clampPage, listReducer } from './list-state';
import { pageCountOf, pagerItems, resolveJumpPage, type PagerItem } from './paging';
import { headerCheckState, selectionProblem, toggleAllOnPage, toggleRow } from './selection';
import { nextSort, sortParams } from './sorting';

const show = (items: PagerItem[]) => items.map((item) => (item.kind === 'page' ? String(item.page) : item.direction === 'prev' ? '«' : '»')).join(' ');

describe('paging (spec 000 §5, §9)', () => {
  it('counts pages from 1, with one page for an empty list', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(INITIAL_LIST_STATE.pageSize).toBe(DEFAULT_PAGE_SIZE);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });

  it('a jump above the last page resets to 1', () => {
    expect(resolveJumpPage('7', 5)).toBe(1);
    expect(resolveJumpPage('5', 5)).toBe(5);
    expect(resolveJumpPage('3', 5)).toBe(3);
    expect(resolveJumpPage('0', 5)).toBe(1);
    expect(resolveJumpPage('-2', 5)).toBe(1);
  });

  it('a jump that is no whole number goes nowhere', () => {
    expect(resolveJumpPage('', 5)).toBeNull();
    expect(resolveJumpPage('2.5', 5)).toBeNull();
    expect(resolveJumpPage('abc', 5)).toBeNull();
  });

  it('shows every page up to 5 pages', () => {
    expect(show(pagerItems(1, 1))).toBe('1');
    expect(show(pagerItems(3, 5))).toBe('1 2 3 4 5');
  });

  it('collapses pages into ellipsis items above 5 pages', () => {
    expect(show(pagerItems(1, 10))).toBe('1 2 3 4 » 10');
    expect(show(pagerItems(3, 10))).toBe('1 2 3 4 » 10');
    expect(show(pagerItems(4, 10))).toBe('1 « 3 4 5 » 10');
    expect(show(pagerItems(6, 10))).toBe('1 « 5 6 7 » 10');
    expect(show(pagerItems(8, 10))).toBe('1 « 7 8 9 10');
    expect(show(pagerItems(10, 10))).toBe('1 « 7 8 9 10');
    expect(show(pagerItems(2, 6))).toBe('1 2 3 4 » 6');
  });

  it('an ellipsis jumps three pages, within the list', () => {
    const items = pagerItems(6, 10);
    expect(items.find((i) => i.kind === 'ellipsis' && i.direction === 'prev')).toMatchObject({ target: 3 });
    expect(items.find((i) => i.kind === 'ellipsis' && i.direction === 'next')).toMatchObject({ target: 9 });
    expect(pagerItems(9, 10).find((i) => i.kind === 'ellipsis')).toMatchObject({ target: 6 });
    expect(pagerItems(2, 7).find((i) => i.kind === 'ellipsis')).toMatchObject({ direction: 'next', target: 5 });
  });

  it('a new page size starts at page 1 and a new page clears the selection', () => {
    const onPage3 = listReducer({ ...INITIAL_LIST_STATE, selected: new Set([1]) }, { type: 'page', page: 3, pageSize: 10 });
    expect(onPage3).toMatchObject({ page: 3, pageSize: 10 });
    expect(onPage3.selected.size).toBe(0);
    const resized = listReducer({ ...onPage3, selected: new Set([7]) }, { type: 'page', page: 3, pageSize: 50 });
    expect(resized).toMatchObject({ page: 1, pageSize: 50 });
    expect(resized.selected.size).toBe(0);
  });

  it('after a delete empties the last page, the new last page', () => {
    expect(clampPage(3, 20, 10)).toBe(2);
    expect(clampPage(2, 20, 10)).toBe(2);
    expect(clampPage(4, 0, 10)).toBe(1);
  });
});

describe('selection', () => {
  it('checkboxes add and remove rows; single selection keeps one', () => {
    expect([...toggleRow(new Set([1]), 2, 'multiple')]).toEqual([1, 2]);
    expect([...toggleRow(new Set([1, 2]), 1, 'multiple')]).toEqual([2]);
    expect([...toggleRow(new Set([1]), 2, 'single')]).toEqual([2]);
    expect([...toggleRow(new Set([2]), 2, 'single')]).toEqual([]);
  });

  it('the header checkbox shows none, some (mixed) or all of the page, and toggles the page', () => {
    const page = [1, 2, 3];
    expect(headerCheckState(new Set(), page)).toBe(false);
    expect(headerCheckState(new Set([2]), page)).toBe('mixed');
    expect(headerCheckState(new Set([1, 2, 3]), page)).toBe(true);
    expect(headerCheckState(new Set(), [])).toBe(false);
    expect([...toggleAllOnPage(new Set([2]), page)].sort()).toEqual([1, 2, 3]);
    expect([...toggleAllOnPage(new Set([1, 2, 3]), page)]).toEqual([]);
  });

  it('edit needs exactly one row, delete at least one', () => {
    expect(selectionProblem(0, 'exactlyOne')).toBe('message.selectOneRow');
    expect(selectionProblem(2, 'exactlyOne')).toBe('message.selectOnlyOne');
    expect(selectionProblem(1, 'exactlyOne')).toBeNull();
    expect(selectionProblem(0, 'atLeastOne')).toBe('message.selectAtLeastOne');
    expect(selectionProblem(3, 'atLeastOne')).toBeNull();
  });
});

describe('filters', () => {
  it('stops filter inputs where the server rule does', () => {
    expect(rules.filterText.safeParse('x'.repeat(FILTER_TEXT_MAX)).success).toBe(true);
    expect(rules.filterText.safeParse('x'.repeat(FILTER_TEXT_MAX + 1)).success).toBe(false);
  });

  it('compares texts as the server reads them, trimmed, and everything else exactly', () => {
    expect(sameFilters({ name: ' chen ', deptId: 1 }, { name: 'chen', deptId: 1 })).toBe(true);
    expect(sameFilters({ name: 'chen', deptId: 1 }, { name: 'chen', deptId: null })).toBe(false);
    expect(sameFilters({ status: 0 }, { status: '0' })).toBe(false);
  });
});

describe('sorting by a column header', () => {
  it('goes ascending, descending, then back to the list’s own order; another column starts ascending', () => {
    expect(nextSort(null, 'name')).toEqual({ column: 'name', order: 'asc' });
    expect(nextSort({ column: 'name', order: 'asc' }, 'name')).toEqual({ column: 'name', order: 'desc' });
    expect(nextSort({ column: 'name', order: 'desc' }, 'name')).toBeNull();
    expect(nextSort({ column: 'name', order: 'desc' }, 'account')).toEqual({ column: 'account', order: 'asc' });
  });

  it('sends sidx and order only for a column the endpoint sorts by', () => {
    expect(sortParams({ column: 'name', order: 'desc' }, ['account', 'name'])).toEqual({ sidx: 'name', order: 'desc' });
    expect(sortParams({ column: 'deptNames', order: 'asc' }, ['account', 'name'])).toEqual({});
    expect(sortParams(null, ['account', 'name'])).toEqual({});
  });
});

describe('the delete question', () => {
  const rows = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, login: `user${i + 1}` }));
  const base = { rows, getRowId: (row: { id: number }) => row.id, itemLabel: (row: { login: string }) => row.login };

  it('says how many and names them, the first few only', async () => {
    const i18n = await createI18n('en_US');
    expect(deleteQuestion(i18n.t, { ...base, ids: [2] })).toBe('Delete "user2"?');
    expect(deleteQuestion(i18n.t, { ...base, ids: [1, 3, 5] })).toBe('Delete these 3 entries: user1, user3, user5?');
    expect(deleteQuestion(i18n.t, { ...base, ids: [1, 2, 3, 4, 5, 6, 7] })).toBe('Delete these 7 entries: user1, user2, user3, user4, user5 and 2 more?');
    const zh = await createI18n('zh_CN');
    expect(deleteQuestion(zh.t, { ...base, ids: [1, 2, 3] })).toBe('确定要删除这 3 条数据：user1、user2、user3？');
  });

  it('asks in the screen’s words, and only counts without a way to name a row', async () => {
    const i18n = await createI18n('en_US');
    expect(deleteQuestion(i18n.t, { ...base, ids: [1, 2], question: (count, names) => `Remove ${count} users (${names})?` })).toBe('Remove 2 users (user1, user2)?');
    expect(deleteQuestion(i18n.t, { rows, getRowId: base.getRowId, ids: [1, 2] })).toBe('Delete the 2 selected entries?');
    expect(deleteQuestion(i18n.t, { rows, getRowId: base.getRowId, ids: [1] })).toBe('Do you really want to delete the selected data?');
  });
});
