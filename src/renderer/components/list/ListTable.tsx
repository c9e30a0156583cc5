import { Checkbox, Radio, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '../../../shared/constants';
import { useOfferedAction } from '../screen/screen-actions';
import { EmptyState, ErrorState, LoadingState } from '../states';
import { CellContent, SCREEN_READER_ONLY_STYLE, TABLE_SCROLLER_STYLE, useCellStyles, usePinnedShadow, type ColumnKind } from './column-kinds';
import { arrangeColumns } from './column-layout';
import { clampPage } from './list-state';
import { InPageHeader } from '../page/PageFrame';
import { ListViewToolbar, useColumnResizeAside } from './ListViewToolbar';
import { Pager } from './Pager';
import { headerCheckState, toggleAllOnPage, toggleRow, type RowId, type SelectionMode } from './selection';
import { nextSort, type ListSort } from './sorting';
import type { ListViewsSource } from './useListViews';
import { GapRow, useVirtualRows } from './useVirtualRows';

const useStyles = makeStyles({
  // In a ListScreen the table takes the height left and scrolls within it, so the pager stays in view.
  root: { display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0, flexGrow: 1 },
  scroller: TABLE_SCROLLER_STYLE,
  header: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground2 },
  selectCell: { width: '44px' },
  hiddenLabel: SCREEN_READER_ONLY_STYLE,
  selectedRow: { backgroundColor: tokens.colorBrandBackground2 },
  clickable: { cursor: 'pointer' },
  refreshing: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface ListColumn<T> {
  key: string;
  header: string;
  /** What the column holds, which sizes it (`COLUMN_SIZES`); 'name' when not given. */
  kind?: ColumnKind;
  /** The cell of `row`, the `index`-th row on view (from 0). */
  render: (row: T, index: number) => ReactNode;
  /** A width in px the user chose (the column layout); the kind sizes the column otherwise. */
  width?: string;
  /** The column the server sorts by when the header is clicked (its `sidx`); not sortable without one. */
  sortKey?: string;
}

/** What a ListTable shows and changes: `useListController()`'s result, or `fixedRows()` for rows that never page. */
export interface ListSource<T> {
  /** undefined while the first page loads. */
  rows: readonly T[] | undefined;
  total: number;
  loading: boolean;
  /** A failed load: shown in place of the rows, with a retry that calls `reload`. */
  error: unknown;
  reload: () => void;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  getRowId: (row: T) => RowId;
  /** 'multiple' (checkboxes), 'single' (radio buttons, e.g. the service-centre list) or 'none'. */
  selectionMode: SelectionMode | 'none';
  selected: ReadonlySet<RowId>;
  onSelectionChange: (selected: ReadonlySet<RowId>) => void;
  /** Whether filters narrow the rows: an empty list then shows `noMatchText`. */
  filtered?: boolean;
  /** The sort on view; headers of columns with a `sortKey` sort when clicked, given `onSortChange`. */
  sort?: ListSort | null;
  onSortChange?: (sort: ListSort | null) => void;
  /** Opens a row's form: a double click on the row. */
  openRow?: (id: RowId) => void;
  /** Saved views and the column layout (the list controller's): the table then has its views and columns toolbar. */
  views?: ListViewsSource;
}

/** A click inside one of these acts on the control, not on the row. */
const ROW_CONTROLS = 'button, a, input, select, textarea, label, [role="checkbox"], [role="radio"], [role="button"], [role="menuitem"]';

function onControl(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest(ROW_CONTROLS) !== null;
}

/** The running number of the `index`-th row on view (spec 001 'running number'), counted across pages. */
export function runningNumber(list: Pick<ListSource<unknown>, 'page' | 'pageSize'>, index: number): number {
  return (list.page - 1) * list.pageSize + index + 1;
}

const NO_SELECTION: ReadonlySet<RowId> = new Set();
const STAY_ON_PAGE = () => undefined;

/** A source of rows that are all on view at once and are not selected (the one user of an assignment). */
export function fixedRows<T>(source: Pick<ListSource<T>, 'rows' | 'loading' | 'error' | 'reload' | 'getRowId'>): ListSource<T> {
  const total = source.rows?.length ?? 0;
  return { ...source, total, page: 1, pageSize: Math.max(1, total), onPageChange: STAY_ON_PAGE, selectionMode: 'none', selected: NO_SELECTION, onSelectionChange: STAY_ON_PAGE };
}

export interface ListTableProps<T> {
  /** The table's accessible name (the screen's title will do). */
  'aria-label': string;
  list: ListSource<T>;
  columns: readonly ListColumn<T>[];
  /** Names a row in its checkbox's label, e.g. the user's login name. */
  getRowLabel?: (row: T) => string;
  emptyText?: string;
  /** The empty state while filters narrow the list; `emptyText` otherwise. */
  noMatchText?: string;
  /** null hides the page-size selector. */
  pageSizeOptions?: readonly number[] | null;
  'data-testid'?: string;
}

/**
 * The list of every list screen: selection with checkboxes, the pager (10 per page by default, page-size
 * selector, selected count, go-to-page) and deliberate loading, empty and error states. Paging, selection
 * and the rows come from `list` (`useListController()`). More rows than `VIRTUAL_FROM_ROWS` render virtually
 * (`useVirtualRows`).
 */
export function ListTable<T>(props: ListTableProps<T>) {
  const { list, columns: ownColumns, getRowLabel, emptyText, noMatchText, pageSizeOptions = PAGE_SIZE_OPTIONS } = props;
  const views = list.views;
  const layout = views?.layout;
  // The columns as the user laid them out: shown ones only, in their order, at their widths.
  const columns = useMemo(() => (layout ? arrangeColumns(ownColumns, layout) : ownColumns), [ownColumns, layout]);
  const columnResizeAside = useColumnResizeAside(views);
  const { rows, getRowId, total, page, pageSize, onPageChange, selectionMode, selected, onSelectionChange, loading, error, reload, filtered = false, sort, onSortChange, openRow } = list;
  const { t } = useTranslation();
  const styles = useStyles();
  const cellStyles = useCellStyles();
  // An empty list invites its first row with the screen's own add (offered only where the role may add).
  const add = useOfferedAction('add');
  const selectable = selectionMode !== 'none';
  // The actions column stays in view at the right edge while the others scroll beneath it.
  const pinnedKey = columns.at(-1)?.kind === 'actions' ? columns.at(-1)!.key : null;
  const pageIds = (rows ?? []).map(getRowId);
  const columnCount = columns.length + (selectable ? 1 : 0);
  const scrollerRef = useRef<HTMLDivElement>(null);
  usePinnedShadow(scrollerRef);
  const headerRef = useRef<HTMLTableSectionElement>(null);
  const rowsShown = rows !== undefined && rows.length > 0 && !(error && !loading);
  const virtualRows = useVirtualRows(rowsShown ? rows.length : 0, scrollerRef, headerRef);

  // Rows deleted from the last page: show the page that now is the last.
  useEffect(() => {
    if (loading || error) return;
    const last = clampPage(page, total, pageSize);
    if (last !== page) onPageChange(last, pageSize);
  }, [loading, error, page, total, pageSize, onPageChange]);

  const fullRow = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={columnCount}>{content}</TableCell>
    </TableRow>
  );

  let body: ReactNode;
  if (error && !loading) body = fullRow(<ErrorState title={t('list.error')} error={error} onRetry={reload} />);
  else if (rows === undefined) body = fullRow(<LoadingState label={t('list.loading')} />);
  else if (rows.length === 0)
    body = fullRow(
      loading ? (
        <LoadingState label={t('list.loading')} />
      ) : (
        <EmptyState text={(filtered ? noMatchText : undefined) ?? emptyText ?? t('list.empty')} action={add && !filtered ? { label: t('list.emptyAdd'), run: add.run } : undefined} />
      ),
    );
  else {
    body = virtualRows.slices.map((slice) => {
      if (slice.kind === 'gap') return <GapRow key={slice.key} height={slice.height} columnCount={columnCount} />;
      const index = slice.index;
      const row = rows[index]!;
      const id = getRowId(row);
      const isSelected = selected.has(id);
      const label = `${t('list.selectRow')} ${getRowLabel?.(row) ?? id}`;
      const toggle = () => onSelectionChange(toggleRow(selected, id, selectionMode === 'single' ? 'single' : 'multiple'));
      return (
        <TableRow
          key={String(id)}
          aria-selected={selectable ? isSelected : undefined}
          className={mergeClasses(isSelected && styles.selectedRow, (selectable || openRow) && styles.clickable)}
          // A click on the row chooses it as its checkbox would; a double click opens its form.
          onClick={selectable ? (event) => !onControl(event) && toggle() : undefined}
          onDoubleClick={openRow ? (event) => !onControl(event) && openRow(id) : undefined}
          data-testid="list-row"
          aria-rowindex={index + 2}
          {...virtualRows.rowProps(index)}
        >
          {selectable ? (
            <TableCell className={styles.selectCell}>
              {selectionMode === 'single' ? (
                <Radio checked={isSelected} onChange={toggle} onClick={() => isSelected && toggle()} aria-label={label} />
              ) : (
                <Checkbox checked={isSelected} onChange={toggle} aria-label={label} />
              )}
            </TableCell>
          ) : null}
          {columns.map((column) => (
            <TableCell key={column.key} className={column.key === pinnedKey ? mergeClasses(cellStyles.pinned, isSelected && cellStyles.pinnedSelected) : undefined}>
              <CellContent kind={column.kind} width={column.width}>
                {column.render(row, index)}
              </CellContent>
            </TableCell>
          ))}
        </TableRow>
      );
    });
  }

  return (
    <div className={styles.root} data-testid={props['data-testid']}>
      {views ? (
        <InPageHeader slot="tools">
          <ListViewToolbar views={views} columns={ownColumns} />
        </InPageHeader>
      ) : null}
      <div className={styles.scroller} ref={scrollerRef}>
        <Table className={cellStyles.table} aria-label={props['aria-label']} aria-busy={loading} size="small" aria-rowcount={rowsShown ? rows.length + 1 : undefined}>
          <TableHeader className={styles.header} ref={headerRef}>
            <TableRow aria-rowindex={rowsShown ? 1 : undefined}>
              {selectable ? (
                <TableHeaderCell className={styles.selectCell}>
                  {selectionMode === 'multiple' ? (
                    <Checkbox
                      checked={headerCheckState(selected, pageIds)}
                      disabled={pageIds.length === 0}
                      onChange={() => onSelectionChange(toggleAllOnPage(selected, pageIds))}
                      aria-label={t('list.selectAll')}
                      data-testid="select-all"
                    />
                  ) : (
                    // A header cell names its column for a screen reader, also when it shows nothing (WCAG 1.3.1).
                    <span className={styles.hiddenLabel}>{t('list.selectRow')}</span>
                  )}
                </TableHeaderCell>
              ) : null}
              {columns.map((column) => {
                const sortable = column.sortKey !== undefined && onSortChange !== undefined;
                const direction = sortable && sort && sort.column === column.sortKey ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <TableHeaderCell
                    key={column.key}
                    className={mergeClasses(cellStyles.headerCell, column.key === pinnedKey && cellStyles.pinnedHeader)}
                    style={column.width ? { width: column.width } : undefined}
                    sortable={sortable}
                    sortDirection={direction}
                    button={sortable ? { onClick: () => onSortChange(nextSort(sort, column.sortKey!)), title: t('list.sortBy', { column: column.header }) } : undefined}
                    data-testid={sortable ? `sort-${column.key}` : undefined}
                    data-column={column.key}
                    aside={columnResizeAside(column)}
                  >
                    {column.header}
                  </TableHeaderCell>
                );
              })}
            </TableRow>
          </TableHeader>
          <TableBody>{body}</TableBody>
        </Table>
      </div>
      {loading && rows !== undefined && rows.length > 0 ? (
        <div className={styles.refreshing}>
          <Spinner size="extra-tiny" label={t('list.loading')} />
        </div>
      ) : null}
      <Pager total={total} page={page} pageSize={pageSize} onPageChange={onPageChange} selectedCount={selectable ? selected.size : undefined} pageSizeOptions={pageSizeOptions} />
    </div>
  );
}
