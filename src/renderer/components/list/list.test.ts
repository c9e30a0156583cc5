import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { rules } from '../../../shared/rules';
import { FILTER_TEXT_MAX, sameFilters } from './filters';
import { INITIAL_LIST_STATE, clampPage, listReducer } from './list-state';
import { pageCountOf, pagerItems, resolveJumpPage, type PagerItem } from './paging';
import { headerCheckState, selectionProblem, toggleAllOnPage, toggleRow } from './selection';

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
