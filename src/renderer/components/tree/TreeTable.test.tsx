// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TABLE_MAX_HEIGHT } from '../../../shared/constants';
import { TEST_ROW_HEIGHT, fixTableLayout, scrollElementTo } from '../list/testing-layout';
import { VIRTUAL_OVERSCAN } from '../list/virtual-rows';
import { testProviders } from '../../testing/providers';
import { TreeTable } from './TreeTable';

interface Item {
  id: number;
  name: string;
  children: Item[];
}

/** A root with `count` children, and a second root with one child below them (roots open at first). */
function bigTree(count: number): Item[] {
  const children = Array.from({ length: count }, (_, i) => ({ id: i + 2, name: `Item ${i + 1}`, children: [] }));
  return [
    { id: 1, name: 'Root', children },
    { id: count + 2, name: 'Second root', children: [{ id: count + 3, name: 'Hidden child', children: [] }] },
  ];
}

const MOST_RENDERED = Math.ceil(TABLE_MAX_HEIGHT / TEST_ROW_HEIGHT) + 2 * VIRTUAL_OVERSCAN + 1;

async function renderTree(nodes: Item[]) {
  const { Wrapper } = await testProviders();
  const opened: number[] = [];
  function Harness() {
    const [selected, setSelected] = useState<string | number | null>(null);
    return (
      <TreeTable
        aria-label="Items"
        columns={[{ key: 'name', header: 'Name', render: (node: Item) => node.name }]}
        nodes={nodes}
        getRowId={(node) => node.id}
        getChildren={(node) => node.children}
        getRowLabel={(node) => node.name}
        selectedId={selected}
        onSelect={(id) => setSelected(id)}
        onRowOpen={(id) => opened.push(Number(id))}
        data-testid="items"
      />
    );
  }
  render(<Harness />, { wrapper: Wrapper });
  return { opened, scroller: screen.getByTestId('items'), rows: () => screen.getAllByTestId('tree-row'), row: (name: string) => screen.getByText(name).closest('tr')! };
}

afterEach(cleanup);

describe('TreeTable with many rows', () => {
  beforeEach(fixTableLayout);
  afterEach(() => vi.restoreAllMocks());

  it('renders a short tree whole, with the keyboard of a tree grid', async () => {
    const { rows, row } = await renderTree(bigTree(3));
    expect(screen.getByRole('treegrid', { name: 'Items' }).getAttribute('aria-rowcount')).toBe('7');
    expect(rows().map((r) => r.getAttribute('aria-rowindex'))).toEqual(['2', '3', '4', '5', '6', '7']);
    act(() => row('Root').focus());
    fireEvent.keyDown(row('Root'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(row('Item 1'));
    fireEvent.keyDown(row('Item 1'), { key: 'End' });
    expect(document.activeElement).toBe(row('Hidden child'));
    fireEvent.keyDown(row('Hidden child'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(row('Second root'));
    fireEvent.keyDown(row('Second root'), { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.queryByText('Hidden child')).toBeNull());
    fireEvent.keyDown(row('Second root'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(row('Item 3'));
  });

  it('renders only the open rows in view of 10,000, and the last one at the end', async () => {
    const { rows, scroller } = await renderTree(bigTree(10_000));
    expect(screen.getByRole('treegrid', { name: 'Items' }).getAttribute('aria-rowcount')).toBe(String(10_003 + 1));
    expect(rows().length).toBeLessThanOrEqual(MOST_RENDERED);
    expect(rows()[0]!.getAttribute('aria-level')).toBe('1');

    act(() => scrollElementTo(scroller, 10_004 * TEST_ROW_HEIGHT));
    await screen.findByText('Hidden child');
    expect(rows().length).toBeLessThanOrEqual(MOST_RENDERED);
    screen.getByText('Item 10000');
    expect(screen.queryByText('Root')).toBeNull();
  });

  it('moves the focus to rows not rendered, keeps it while scrolling away, and opens and chooses from the keyboard', async () => {
    const { rows, row, scroller, opened } = await renderTree(bigTree(10_000));
    act(() => row('Root').focus());
    fireEvent.keyDown(row('Root'), { key: 'End' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Hidden child'));
    expect(document.activeElement!.getAttribute('aria-rowindex')).toBe('10004');

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Second root'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Item 10000'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(opened).toEqual([10_001]);
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(row('Item 10000').getAttribute('aria-selected')).toBe('true');

    // Scrolled back to the top, the focused row stays in the DOM beyond the rows in view.
    act(() => scrollElementTo(scroller, 0));
    await screen.findByText('Root');
    expect(document.activeElement?.textContent).toBe('Item 10000');
    expect(rows().length).toBeLessThanOrEqual(MOST_RENDERED);

    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Root'));
  });
});

describe('TreeTable rows chosen by their checkboxes', () => {
  it('a click on a row’s checkbox chooses it and a second click lets it go, as a click on the row does', async () => {
    const { Wrapper } = await testProviders();
    function Harness() {
      const [chosen, setChosen] = useState<ReadonlySet<string | number>>(new Set());
      const toggle = (id: string | number) => setChosen((now) => (now.has(id) ? new Set([...now].filter((one) => one !== id)) : new Set([...now, id])));
      return (
        <TreeTable
          aria-label="Items"
          columns={[{ key: 'name', header: 'Name', render: (node: Item) => node.name }]}
          nodes={bigTree(2)}
          getRowId={(node) => node.id}
          getChildren={(node) => node.children}
          getRowLabel={(node) => node.name}
          selectedIds={chosen}
          onRowClick={toggle}
        />
      );
    }
    render(<Harness />, { wrapper: Wrapper });
    const box = () => screen.getByRole('checkbox', { name: 'Select row Item 1' });
    fireEvent.click(box());
    await waitFor(() => expect((box() as HTMLInputElement).checked).toBe(true));
    expect(screen.getByText('Item 1').closest('tr')!.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(box());
    await waitFor(() => expect((box() as HTMLInputElement).checked).toBe(false));
    fireEvent.click(screen.getByText('Item 2'));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Select row Item 2' }) as HTMLInputElement).checked).toBe(true));
  });
});
