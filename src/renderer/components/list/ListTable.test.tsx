// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testProviders } from '../../testing/providers';
import { useReducer } from 'react';
import { INITIAL_LIST_STATE, listReducer } from './list-state';
import { ListTable } from './ListTable';

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
