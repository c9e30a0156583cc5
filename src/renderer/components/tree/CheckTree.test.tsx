// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TABLE_MAX_HEIGHT } from '../../../shared/constants';
import type { DeptNode } from '../../../areas/user/contract';
import { testProviders } from '../../testing/providers';
import { CheckTree, type CheckTreeChange } from './CheckTree';
import type { TreeAccessors } from './check-tree';
import { ORG_TREE } from './tree-accessors';
import { TEST_ROW_HEIGHT, fixTableLayout, scrollElementTo } from '../list/testing-layout';
import { VIRTUAL_OVERSCAN } from '../list/virtual-rows';

afterEach(cleanup);

const dept = (deptId: number, name: string, children: DeptNode[] = []): DeptNode => ({ deptId, parentId: null, name, deptType: '0', businessCentre: children.length === 0, children });
// Group ─┬─ East ─┬─ Shanghai
//        │        └─ Hangzhou
//        └─ North
const orgs = [dept(1, 'Group', [dept(2, 'East', [dept(4, 'Shanghai'), dept(5, 'Hangzhou')]), dept(3, 'North')])];

async function renderTree<N, Id extends string | number>(nodes: readonly N[], tree: TreeAccessors<N, Id>, options: { saved?: Id[]; disabled?: boolean; searchable?: boolean } = {}) {
  const { Wrapper } = await testProviders();
  const changes: CheckTreeChange<Id>[] = [];
  function Harness() {
    const [checked, setChecked] = useState<ReadonlySet<Id>>(() => new Set(options.saved ?? []));
    return (
      <CheckTree
        aria-label="Organisations"
        nodes={nodes}
        {...tree}
        checked={checked}
        disabled={options.disabled}
        searchable={options.searchable}
        data-testid="orgs"
        onCheckedChange={(change) => {
          changes.push(change);
          setChecked(change.checked);
        }}
      />
    );
  }
  render(<Harness />, { wrapper: Wrapper });
  const item = (name: string) =>
    within(screen.getByRole('tree', { name: 'Organisations' }))
      .getByRole('checkbox', { name })
      .closest('[role="treeitem"]')!;
  return { changes, item, check: (name: string) => fireEvent.click(within(screen.getByRole('tree', { name: 'Organisations' })).getByRole('checkbox', { name })) };
}

describe('CheckTree over any id and label', () => {
  it('checks organisations by their own deptId: a leaf and the way down to it granted, its parents half-checked', async () => {
    const { changes, item, check } = await renderTree(orgs, ORG_TREE);
    check('Shanghai');
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({ checkedIds: [1, 2, 4] });
    expect(item('Shanghai').getAttribute('aria-checked')).toBe('true');
    expect(item('East').getAttribute('aria-checked')).toBe('mixed');

    check('Hangzhou');
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes[1]).toMatchObject({ checkedIds: [1, 2, 4, 5] });
    expect(item('East').getAttribute('aria-checked')).toBe('true');
  });

  it('shows a granted set as it is, and unchecking a branch clears it and the parents left with nothing', async () => {
    const { changes, item, check } = await renderTree(orgs, ORG_TREE, { saved: [1, 2, 4, 5] });
    expect(item('East').getAttribute('aria-checked')).toBe('true');
    expect(item('Group').getAttribute('aria-checked')).toBe('mixed');
    check('East');
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({ checkedIds: [] });
  });

  it('takes string ids and any label', async () => {
    interface Centre {
      code: string;
      title: string;
      parts: Centre[];
    }
    const centres: Centre[] = [
      {
        code: 'SH',
        title: 'Shanghai hub',
        parts: [
          { code: 'SH-1', title: 'Dock 1', parts: [] },
          { code: 'SH-2', title: 'Dock 2', parts: [] },
        ],
      },
    ];
    const { changes, check } = await renderTree(centres, { getId: (centre) => centre.code, getLabel: (centre) => centre.title, getChildren: (centre) => centre.parts });
    check('Dock 2');
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({ checkedIds: ['SH', 'SH-2'] });
  });

  it('a disabled tree reports no change', async () => {
    const { changes, check } = await renderTree(orgs, ORG_TREE, { disabled: true });
    check('North');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toEqual([]);
  });

  it('a search shows the matching nodes with the way down to them; what is checked stays checked', async () => {
    const { check, item } = await renderTree(orgs, ORG_TREE, { searchable: true });
    check('North');
    const tree = screen.getByRole('tree', { name: 'Organisations' });
    fireEvent.change(screen.getByTestId('orgs-search'), { target: { value: 'zhou' } });
    await waitFor(() => expect(within(tree).queryByRole('checkbox', { name: 'North' })).toBeNull());
    // Group and East lead down to Hangzhou.
    expect(within(tree).getAllByRole('checkbox')).toHaveLength(3);
    within(tree).getByRole('checkbox', { name: 'Hangzhou' });
    fireEvent.change(screen.getByTestId('orgs-search'), { target: { value: 'nowhere' } });
    await screen.findByText('Nothing matches');
    fireEvent.change(screen.getByTestId('orgs-search'), { target: { value: '' } });
    await waitFor(() => expect(item('North').getAttribute('aria-checked')).toBe('true'));
  });
});

describe('CheckTree with many items', () => {
  beforeEach(fixTableLayout);
  afterEach(() => vi.restoreAllMocks());

  // A hub with 2,000 docks, every one a leaf.
  const docks = [
    dept(
      1,
      'Hub',
      Array.from({ length: 2000 }, (_, i) => dept(i + 2, `Dock ${i + 1}`)),
    ),
  ];
  const MOST_RENDERED = Math.ceil(TABLE_MAX_HEIGHT / TEST_ROW_HEIGHT) + 2 * VIRTUAL_OVERSCAN + 1;
  const items = () => within(screen.getByRole('tree', { name: 'Organisations' })).getAllByRole('treeitem');

  it('renders only the items in view, each with its level and place, and checks one far down after scrolling', async () => {
    const { changes, check, item } = await renderTree(docks, ORG_TREE);
    expect(items().length).toBeLessThanOrEqual(MOST_RENDERED);
    expect(item('Dock 1').getAttribute('aria-level')).toBe('2');
    expect(item('Dock 1').getAttribute('aria-setsize')).toBe('2000');
    expect(screen.queryByText('Dock 2000')).toBeNull();

    const scroller = screen.getByRole('tree', { name: 'Organisations' }).parentElement!;
    act(() => scrollElementTo(scroller, 2001 * TEST_ROW_HEIGHT));
    await screen.findByText('Dock 2000');
    expect(items().length).toBeLessThanOrEqual(MOST_RENDERED);
    expect(item('Dock 2000').getAttribute('aria-posinset')).toBe('2000');
    check('Dock 2000');
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({ checkedIds: [1, 2001] });
  });

  it('a search narrows the items to render', async () => {
    await renderTree(docks, ORG_TREE, { searchable: true });
    fireEvent.change(screen.getByTestId('orgs-search'), { target: { value: 'Dock 1999' } });
    await waitFor(() => expect(items()).toHaveLength(2));
  });
});
