// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testProviders } from '../../testing/providers';
import { useReducer } from 'react';
import { INITIAL_LIST_STATE, listReducer } from './list-state';
import { ListTable, fixedRows } from './ListTable';
import { TEST_ROW_HEIGHT, fixTableLayout, scrollElementTo } from './testing-layout';
import { VIRTUAL_FROM_ROWS, VIRTUAL_OVERSCAN } from './virtual-rows';
import { TABLE_MAX_HEIGHT } from '../../../shared/constants';

interface Person {
  id: number;
  name: string;
}

const people: Person[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));
const personId = (row: Person) => row.id;

/** The table over rows in memory, with the paging and selection state `useListController()` keeps. */
function PeopleList({ loading = false, rows }: { loading?: boolean; rows?: Person[] }) {
  const [state, dispatch] = useReducer(listReducer, INITIAL_LIST_STATE);
  const pageRows = rows ?? people.slice((state.page - 1) * state.pageSize, state.page * state.pageSize);
  return (
    <ListTable
      aria-label="People"
      columns={[{ key: 'name', header: 'Name', render: (row: Person) => row.name }]}
      list={{
        rows: loading ? undefined : pageRows,
        total: rows ? rows.length : people.length,
        loading,
        error: undefined,
        reload: () => undefined,
        page: state.page,
        pageSize: state.pageSize,
        onPageChange: (page, pageSize) => dispatch({ type: 'page', page, pageSize }),
        getRowId: personId,
        selectionMode: 'multiple',
        selected: state.selected,
        onSelectionChange: (selected) => dispatch({ type: 'select', selected }),
      }}
      getRowLabel={(row) => row.name}
    />
  );
}

afterEach(cleanup);

describe('ListTable', () => {
  it('selects rows, the page, and shows the selected count', async () => {
    const { Wrapper } = await testProviders();
    render(<PeopleList />, { wrapper: Wrapper });

    expect(screen.getAllByTestId('list-row')).toHaveLength(10);
    expect(screen.getByTestId('pager-total').textContent).toBe('25 in total');
    expect(screen.getByTestId('selected-count').textContent).toBe('0 selected');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row Person 2' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('1 selected');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('10 selected');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('0 selected');
  });

  it('pages, clears the selection on another page, and a jump beyond the last page goes to 1', async () => {
    const { Wrapper } = await testProviders();
    render(<PeopleList />, { wrapper: Wrapper });
    const pager = screen.getByRole('navigation', { name: 'Pagination' });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row Person 1' }));
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(screen.getAllByTestId('list-row')).toHaveLength(5);
    screen.getByText('Person 21');
    expect(screen.getByTestId('selected-count').textContent).toBe('0 selected');
    expect(within(pager).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect((within(pager).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    const jump = screen.getByTestId('page-jump');
    fireEvent.change(jump, { target: { value: '2' } });
    fireEvent.keyDown(jump, { key: 'Enter' });
    screen.getByText('Person 11');

    fireEvent.change(jump, { target: { value: '9' } });
    fireEvent.keyDown(jump, { key: 'Enter' });
    screen.getByText('Person 1');
    expect(within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows loading and empty states', async () => {
    const { Wrapper } = await testProviders();
    const { rerender } = render(<PeopleList loading />, { wrapper: Wrapper });
    expect(screen.getByRole('table', { name: 'People' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
    rerender(<PeopleList rows={[]} />);
    expect(screen.getByTestId('empty-state').textContent).toBe('No data');
    expect(screen.queryAllByTestId('list-row')).toHaveLength(0);
  });
});

/** The most rows a virtual table may render: a view of rows below the header, the overscan on both sides, the focused row. */
const MOST_RENDERED = Math.ceil(TABLE_MAX_HEIGHT / TEST_ROW_HEIGHT) + 2 * VIRTUAL_OVERSCAN + 1;

/** `count` rows on view at once, chosen by clicking them (the state `useListController()` keeps). */
function ManyPeople({ count }: { count: number }) {
  const [state, dispatch] = useReducer(listReducer, INITIAL_LIST_STATE);
  const rows = Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));
  const list = fixedRows({ rows, loading: false, error: undefined, reload: () => undefined, getRowId: personId });
  return (
    <ListTable
      aria-label="People"
      columns={[{ key: 'name', header: 'Name', render: (row: Person) => row.name }]}
      list={{ ...list, selectionMode: 'multiple', selected: state.selected, onSelectionChange: (selected) => dispatch({ type: 'select', selected }) }}
      getRowLabel={(row) => row.name}
      pageSizeOptions={null}
      data-testid="people"
    />
  );
}

describe('ListTable with many rows', () => {
  beforeEach(fixTableLayout);
  afterEach(() => vi.restoreAllMocks());

  it('renders a page of the largest size whole', async () => {
    const { Wrapper } = await testProviders();
    render(<ManyPeople count={VIRTUAL_FROM_ROWS} />, { wrapper: Wrapper });
    expect(screen.getAllByTestId('list-row')).toHaveLength(VIRTUAL_FROM_ROWS);
  });

  it('renders only the rows in view, tells screen readers the full size, and shows the last row at the end', async () => {
    const { Wrapper } = await testProviders();
    render(<ManyPeople count={1000} />, { wrapper: Wrapper });
    const table = screen.getByRole('table', { name: 'People' });
    expect(table.getAttribute('aria-rowcount')).toBe('1001');
    const first = screen.getAllByTestId('list-row');
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(MOST_RENDERED);
    expect(first[0]!.textContent).toBe('Person 1');
    expect(first[0]!.getAttribute('aria-rowindex')).toBe('2');
    // The rows not rendered are stood for by the height of a gap, so the scroll bar is that of the whole table.
    expect(table.querySelectorAll('tbody tr').length).toBe(first.length + 1);

    act(() => scrollElementTo(screen.getByTestId('people').firstElementChild as HTMLElement, 1000 * TEST_ROW_HEIGHT));
    await waitFor(() => screen.getByText('Person 1000'));
    const last = screen.getAllByTestId('list-row');
    expect(last.length).toBeLessThanOrEqual(MOST_RENDERED);
    expect(last.at(-1)!.getAttribute('aria-rowindex')).toBe('1001');
    expect(screen.queryByText('Person 1')).toBeNull();
  });

  it('chooses rows by click and by checkbox as a short list does', async () => {
    const { Wrapper } = await testProviders();
    render(<ManyPeople count={1000} />, { wrapper: Wrapper });
    fireEvent.click(screen.getByText('Person 3'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row Person 5' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('2 selected');
    expect(screen.getByText('Person 3').closest('tr')!.getAttribute('aria-selected')).toBe('true');
  });

  it('keeps the row holding the focus rendered when it scrolls out of view', async () => {
    const { Wrapper } = await testProviders();
    render(<ManyPeople count={1000} />, { wrapper: Wrapper });
    const box = screen.getByRole('checkbox', { name: 'Select row Person 2' });
    act(() => box.focus());
    act(() => scrollElementTo(screen.getByTestId('people').firstElementChild as HTMLElement, 500 * TEST_ROW_HEIGHT));
    await waitFor(() => screen.getByText('Person 500'));
    expect(document.activeElement).toBe(box);
    expect(screen.getByText('Person 2').closest('tr')!.getAttribute('aria-rowindex')).toBe('3');
  });
});

describe('the pinned actions', () => {
  it('cast their shadow while columns lie scrolled beneath them, and not once the table is scrolled to its end', async () => {
    const { Wrapper } = await testProviders();
    render(
      <ListTable
        aria-label="People"
        columns={[
          { key: 'name', header: 'Name', render: (row: Person) => row.name },
          { key: 'actions', kind: 'actions', header: 'Operations', render: () => 'Edit' },
        ]}
        list={fixedRows({ rows: people.slice(0, 3), loading: false, error: undefined, reload: () => undefined, getRowId: personId })}
      />,
      { wrapper: Wrapper },
    );
    const scroller = screen.getByRole('table').parentElement!;
    expect(scroller.hasAttribute('data-beneath-pinned')).toBe(false);
    // jsdom lays nothing out: the table is given 1,200 px in a view of 1,000.
    Object.defineProperty(scroller, 'scrollWidth', { value: 1200, configurable: true });
    Object.defineProperty(scroller, 'clientWidth', { value: 1000, configurable: true });
    fireEvent.scroll(scroller);
    expect(scroller.hasAttribute('data-beneath-pinned')).toBe(true);
    Object.defineProperty(scroller, 'scrollLeft', { value: 200, configurable: true });
    fireEvent.scroll(scroller);
    expect(scroller.hasAttribute('data-beneath-pinned')).toBe(false);
  });
});
