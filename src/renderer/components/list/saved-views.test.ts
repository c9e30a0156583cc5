import { describe, expect, it } from 'vitest';
import { layoutReducer, NO_LAYOUT, orderedKeys, sameLayout, visibleKeys } from './column-layout';
import { mergeViewFilters, sameViewState, screenViewsOf, viewNameProblem } from './saved-views';
import { readViewParam, VIEW_PARAM, viewPath, viewUrl, type ListViewState } from './view-link';

const KEYS = ['username', 'name', 'mobile', 'status'] as const;

describe('the column layout', () => {
  it('hides and shows a column, but never the last one shown', () => {
    let layout = layoutReducer(NO_LAYOUT, { type: 'toggle', key: 'mobile', keys: KEYS });
    expect(visibleKeys(KEYS, layout)).toEqual(['username', 'name', 'status']);
    layout = layoutReducer(layout, { type: 'toggle', key: 'mobile', keys: KEYS });
    expect(layout).toEqual({});
    for (const key of ['username', 'name', 'mobile']) layout = layoutReducer(layout, { type: 'toggle', key, keys: KEYS });
    expect(visibleKeys(KEYS, layout)).toEqual(['status']);
    // The last one stays.
    expect(layoutReducer(layout, { type: 'toggle', key: 'status', keys: KEYS })).toBe(layout);
    // A stored layout hiding every column the list now has shows them all.
    expect(visibleKeys(['a', 'b'], { hidden: ['a', 'b'] })).toEqual(['a', 'b']);
  });

  it('moves a column up and down, and not past either end', () => {
    let layout = layoutReducer(NO_LAYOUT, { type: 'move', key: 'mobile', by: -1, keys: KEYS });
    expect(orderedKeys(KEYS, layout)).toEqual(['username', 'mobile', 'name', 'status']);
    layout = layoutReducer(layout, { type: 'move', key: 'username', by: 1, keys: KEYS });
    expect(orderedKeys(KEYS, layout)).toEqual(['mobile', 'username', 'name', 'status']);
    expect(layoutReducer(layout, { type: 'move', key: 'mobile', by: -1, keys: KEYS })).toBe(layout);
    expect(layoutReducer(layout, { type: 'move', key: 'status', by: 1, keys: KEYS })).toBe(layout);
    // Columns the list no longer has are dropped; new ones follow the named ones in their own order.
    expect(orderedKeys(['name', 'username', 'email'], { order: ['gone', 'name', 'username'] })).toEqual(['name', 'username', 'email']);
  });

  it('resizes within 60 and 2000 pixels, and resets to the list’s own', () => {
    let layout = layoutReducer(NO_LAYOUT, { type: 'resize', key: 'name', width: 20 });
    expect(layout.widths).toEqual({ name: 60 });
    layout = layoutReducer(layout, { type: 'resize', key: 'name', width: 240.4 });
    expect(layout.widths).toEqual({ name: 240 });
    expect(layoutReducer(layout, { type: 'resize', key: 'name', width: 99999 }).widths).toEqual({ name: 2000 });
    expect(layoutReducer(layout, { type: 'resize', key: 'name', width: 240 })).toBe(layout);
    layout = layoutReducer(layout, { type: 'toggle', key: 'mobile', keys: KEYS });
    expect(layoutReducer(layout, { type: 'reset' })).toEqual({});
  });

  it('compares layouts by what they show', () => {
    expect(sameLayout({ hidden: ['a', 'b'], order: [] }, { hidden: ['b', 'a'] })).toBe(true);
    expect(sameLayout(undefined, {})).toBe(true);
    expect(sameLayout({ widths: { a: 80 } }, { widths: { a: 81 } })).toBe(false);
    expect(sameLayout({ order: ['a', 'b'] }, { order: ['b', 'a'] })).toBe(false);
  });
});

describe('view links', () => {
  const view: ListViewState = {
    filters: { username: 'zhang & li?', status: 1, admin: true, deptId: null },
    sort: { column: 'createTime', order: 'desc' },
    columns: { hidden: ['mobile'], widths: { name: 180 } },
    pageSize: 20,
  };

  it('carry the view as JSON in one parameter, and read back the same view', () => {
    const path = viewPath('/userManage', view);
    expect(path).toBe(`/userManage?${VIEW_PARAM}=${encodeURIComponent(JSON.stringify(view))}`);
    expect(readViewParam(path.slice(path.indexOf('?')))).toEqual(view);
    expect(viewUrl({ origin: 'http://127.0.0.1:5000', pathname: '/index.html' }, '/userManage', view)).toBe(`http://127.0.0.1:5000/index.html#${path}`);
  });

  it('read nothing from a query without a view, bad JSON or a value out of rule', () => {
    expect(readViewParam('')).toBeNull();
    expect(readViewParam('?other=1')).toBeNull();
    expect(readViewParam(`?${VIEW_PARAM}=%7Bnot json`)).toBeNull();
    expect(readViewParam(`?${VIEW_PARAM}=${encodeURIComponent(JSON.stringify({ filters: { ids: [1, 2] } }))}`)).toBeNull();
    expect(readViewParam(`?${VIEW_PARAM}=${encodeURIComponent(JSON.stringify({ pageSize: 100000 }))}`)).toBeNull();
    expect(readViewParam(`?${VIEW_PARAM}=${encodeURIComponent('"text"')}`)).toBeNull();
  });
});

describe('a view over a list', () => {
  const initial = { username: '', status: 1, deptId: null as number | null, admin: false };

  it('sets only the filters the list has, with values of their type', () => {
    expect(mergeViewFilters(initial, { username: 'zh', status: 0, deptId: 7, unknown: 'x', admin: 'yes' })).toEqual({ username: 'zh', status: 0, deptId: 7, admin: false });
    expect(mergeViewFilters(initial, { username: null, status: '1' })).toEqual(initial);
    expect(mergeViewFilters(initial, undefined)).toBe(initial);
  });

  it('is modified once a filter, the sort, the columns or the page size differ', () => {
    const view: ListViewState = { filters: { username: 'zh' }, sort: null, columns: { hidden: ['mobile'] }, pageSize: 10 };
    const onView = { filters: { ...initial, username: ' zh ' }, sort: null, columns: { hidden: ['mobile'] }, pageSize: 10 };
    const list = { initial, initialSort: null };
    expect(sameViewState(view, onView, list)).toBe(true);
    expect(sameViewState(view, { ...onView, filters: { ...onView.filters, status: 0 } }, list)).toBe(false);
    expect(sameViewState(view, { ...onView, sort: { column: 'createTime', order: 'asc' } }, list)).toBe(false);
    expect(sameViewState(view, { ...onView, columns: {} }, list)).toBe(false);
    expect(sameViewState(view, { ...onView, pageSize: 20 }, list)).toBe(false);
  });

  it('names the problem of a view name: empty, too long, taken (as read), too many views', () => {
    const views = [{ name: 'Active users', state: {} }];
    expect(viewNameProblem('  ', views)).toEqual({ key: 'listViews.nameEmpty' });
    expect(viewNameProblem('x'.repeat(51), views)).toEqual({ key: 'listViews.nameTooLong', values: { max: 50 } });
    expect(viewNameProblem(' active USERS ', views)).toEqual({ key: 'listViews.nameTaken', values: { name: 'active USERS' } });
    expect(viewNameProblem('Mine', views)).toBeNull();
    expect(
      viewNameProblem(
        'Mine',
        Array.from({ length: 30 }, (_, i) => ({ name: `v${i}`, state: {} })),
      ),
    ).toEqual({ key: 'listViews.tooMany', values: { max: 30 } });
  });

  it('reads a stored screen that breaks the rules as none', () => {
    expect(screenViewsOf(null)).toEqual({ views: [], defaultView: null, layout: null });
    expect(screenViewsOf({ views: [], defaultView: 'gone', layout: null })).toEqual({ views: [], defaultView: null, layout: null });
  });
});
