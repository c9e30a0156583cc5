import { Button, Checkbox, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDown12Regular, ChevronRight12Regular } from '@fluentui/react-icons';
import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { arrangeColumns } from '../list/column-layout';
import { CellContent, TABLE_SCROLLER_STYLE, useCellStyles, usePinnedShadow } from '../list/column-kinds';
import type { ListColumn } from '../list/ListTable';
import { InPageHeader } from '../page/PageFrame';
import { ListViewToolbar, useColumnResizeAside } from '../list/ListViewToolbar';
import type { ListViewsSource } from '../list/useListViews';
import { GapRow, useVirtualRows } from '../list/useVirtualRows';
import { EmptyState, ErrorState, LoadingState } from '../states';
import { flattenTree } from './flatten';
import { labelMatches, searchTree } from './search';

const useStyles = makeStyles({
  scroller: TABLE_SCROLLER_STYLE,
  header: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground2 },
  row: { cursor: 'pointer' },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  first: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  toggle: { minWidth: '24px', width: '24px' },
  spacer: { display: 'inline-block', width: '24px', flexShrink: 0 },
});

/** What a tree takes of a list controller (`useListController`): its rows, views and state, and its chosen rows. */
export interface TreeListSource<T> {
  rows: readonly T[] | undefined;
  views: ListViewsSource;
  loading: boolean;
  error: unknown;
  reload: () => void;
  selected: ReadonlySet<string | number>;
  toggle: (id: string | number) => void;
  /** Opens a row's form; absent where the role may not edit. */
  openRow?: (id: string | number) => void;
}

export interface TreeTableProps<T> {
  'aria-label': string;
  /** The first column carries the indentation and the expand buttons. */
  columns: readonly ListColumn<T>[];
  /**
   * A list controller's tree: its rows, views, loading, error and retry, and rows chosen by a click (as their
   * checkboxes would) and opened by a double click; in place of `nodes`, `views`, `loading`, `error`, `onRetry`,
   * `selectedIds`, `onRowClick` and `onRowOpen`.
   */
  list?: TreeListSource<T>;
  /** undefined while loading. */
  nodes?: readonly T[] | undefined;
  getRowId: (node: T) => string | number;
  getChildren: (node: T) => readonly T[] | undefined;
  getRowLabel: (node: T) => string;
  /** What a row's checkbox names the row by, when not its label (a code shown first). */
  getCheckLabel?: (node: T) => string;
  /** Rows are selected by clicking (spec 001: organisation list); clicking the selected row clears it. */
  selectedId?: string | number | null;
  onSelect?: (id: string | number | null, node: T | null) => void;
  /** Rows chosen where several may be, besides `selectedId`: each row shows its checkbox, which a click on it or on the row toggles. */
  selectedIds?: ReadonlySet<string | number>;
  /** A click on a row (or Space on it), in place of `onSelect`: e.g. toggling the row among several chosen. */
  onRowClick?: (id: string | number, node: T) => void;
  /** A double click on a row (or Enter on it) opens it, e.g. its form. */
  onRowOpen?: (id: string | number, node: T) => void;
  /** Shows only the nodes that match (with the way down to them and what lies below them), all opened. */
  searchText?: string;
  /** Whether a node matches `searchText`; its label holds the text by default. */
  matches?: (node: T, text: string) => boolean;
  /** The empty state while `searchText` matches nothing. */
  noMatchText?: string;
  /** Levels open at first: 1 shows the roots' children. */
  initialOpenDepth?: number;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
  /** Saved views and the column layout (the list controller's `views`): the tree then has the views and columns toolbar. */
  views?: ListViewsSource;
  'data-testid'?: string;
}

function idsToDepth<T>(nodes: readonly T[], getRowId: (node: T) => string | number, getChildren: (node: T) => readonly T[] | undefined, depth: number): Set<string | number> {
  const open = new Set<string | number>();
  const visit = (node: T, level: number) => {
    if (level >= depth) return;
    open.add(getRowId(node));
    for (const child of getChildren(node) ?? []) visit(child, level + 1);
  };
  nodes.forEach((node) => visit(node, 0));
  return open;
}

/**
 * A table of a tree (organisations, menus, dictionaries): expandable rows, selection by click, the list's states,
 * the keyboard of a tree grid. More open rows than `VIRTUAL_FROM_ROWS` render virtually (`useVirtualRows`).
 */
export function TreeTable<T>(props: TreeTableProps<T>) {
  const { columns: ownColumns, list, getRowId, getChildren, getRowLabel, getCheckLabel = getRowLabel, selectedId = null, onSelect, initialOpenDepth = 1, emptyText } = props;
  const openRow = list?.openRow;
  const {
    nodes,
    views,
    loading = false,
    error,
    onRetry,
    selectedIds,
    onRowClick,
    onRowOpen,
  } = list
    ? {
        nodes: list.rows,
        views: list.views,
        loading: list.loading,
        error: list.error,
        onRetry: list.reload,
        selectedIds: list.selected,
        onRowClick: (id: string | number) => list.toggle(id),
        onRowOpen: openRow ? (id: string | number) => openRow(id) : undefined,
      }
    : props;
  const { searchText = '', matches, noMatchText } = props;
  const layout = views?.layout;
  // The columns as the user laid them out; the first shown carries the indentation.
  const columns = useMemo(() => (layout ? arrangeColumns(ownColumns, layout) : ownColumns), [ownColumns, layout]);
  const columnResizeAside = useColumnResizeAside(views);
  const { t } = useTranslation();
  const styles = useStyles();
  const cellStyles = useCellStyles();
  // The actions column stays in view at the right edge while the others scroll beneath it.
  const pinnedKey = columns.at(-1)?.kind === 'actions' ? columns.at(-1)!.key : null;
  // What the user opened and closed, for the search it was done under: a new search opens all it shows.
  const [opened, setOpened] = useState<{ search: string; ids: Set<string | number> } | null>(null);
  const shown = useMemo(
    () => searchTree(nodes ?? [], getRowId, getChildren, (node) => (matches ? matches(node, searchText) : labelMatches(getRowLabel(node), searchText)), searchText),
    [nodes, getRowId, getChildren, getRowLabel, matches, searchText],
  );
  const visibleChildren = useMemo(() => (shown === null ? getChildren : (node: T) => getChildren(node)?.filter((child) => shown.has(getRowId(child)))), [shown, getChildren, getRowId]);
  const roots = useMemo(() => (nodes === undefined || shown === null ? nodes : nodes.filter((node) => shown.has(getRowId(node)))), [nodes, shown, getRowId]);
  const expanded = useMemo(() => {
    if (opened !== null && opened.search === searchText) return opened.ids;
    return shown ?? idsToDepth(nodes ?? [], getRowId, getChildren, initialOpenDepth);
  }, [opened, searchText, shown, nodes, getRowId, getChildren, initialOpenDepth]);
  const rows = useMemo(() => flattenTree(roots ?? [], getRowId, visibleChildren, expanded), [roots, getRowId, visibleChildren, expanded]);
  const scrollerRef = useRef<HTMLDivElement>(null);
  usePinnedShadow(scrollerRef);
  const headerRef = useRef<HTMLTableSectionElement>(null);
  const rowsShown = nodes !== undefined && rows.length > 0 && !(error && !loading);
  const virtualRows = useVirtualRows(rowsShown ? rows.length : 0, scrollerRef, headerRef);

  const toggle = (id: string | number) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpened({ search: searchText, ids: next });
  };
  const select = (id: string | number, node: T) => {
    if (onRowClick) return onRowClick(id, node);
    onSelect?.(id === selectedId ? null : id, id === selectedId ? null : node);
  };
  // A click on a control in the row (its checkbox, the expand button) is the control's own.
  const onRowMouse = (event: MouseEvent, act: () => void) => {
    if (event.target instanceof Element && event.target.closest('button, a, input, label, [role="checkbox"]')) return;
    act();
  };
  const onRowKey = (event: KeyboardEvent, rowIndex: number, id: string | number, node: T, hasChildren: boolean, isExpanded: boolean) => {
    // Up and down move from row to row whether it is rendered or not (a virtual table renders only some); a control in the row keeps its keys.
    const onRow = event.target === event.currentTarget;
    if (onRow && event.key === 'ArrowDown') virtualRows.focusRow(rowIndex + 1);
    else if (onRow && event.key === 'ArrowUp') virtualRows.focusRow(rowIndex - 1);
    else if (onRow && event.key === 'Home') virtualRows.focusRow(0);
    else if (onRow && event.key === 'End') virtualRows.focusRow(rows.length - 1);
    else if (event.key === 'Enter' && onRowOpen) onRowOpen(id, node);
    else if (event.key === 'Enter' || event.key === ' ') select(id, node);
    else if (event.key === 'ArrowRight' && hasChildren && !isExpanded) toggle(id);
    else if (event.key === 'ArrowLeft' && hasChildren && isExpanded) toggle(id);
    else return;
    event.preventDefault();
  };

  const fullRow = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={columns.length}>{content}</TableCell>
    </TableRow>
  );

  let body: ReactNode;
  if (error && !loading) body = fullRow(<ErrorState title={t('list.error')} error={error} onRetry={onRetry} />);
  else if (nodes === undefined || (loading && rows.length === 0)) body = fullRow(<LoadingState label={t('list.loading')} />);
  else if (rows.length === 0) {
    const searching = shown !== null && nodes.length > 0;
    body = fullRow(<EmptyState text={searching ? (noMatchText ?? t('tree.noMatch')) : (emptyText ?? t('list.empty'))} />);
  } else {
    body = virtualRows.slices.map((slice) => {
      if (slice.kind === 'gap') return <GapRow key={slice.key} height={slice.height} columnCount={columns.length} />;
      const rowIndex = slice.index;
      const { node, id, depth, posInSet, setSize, hasChildren, expanded: isExpanded } = rows[rowIndex]!;
      return (
        <TableRow
          key={String(id)}
          className={mergeClasses(styles.row, (id === selectedId || selectedIds?.has(id)) && styles.selected)}
          aria-selected={id === selectedId || (selectedIds?.has(id) ?? false)}
          aria-level={depth + 1}
          aria-posinset={posInSet}
          aria-setsize={setSize}
          aria-expanded={hasChildren ? isExpanded : undefined}
          tabIndex={0}
          onClick={(event) => onRowMouse(event, () => select(id, node))}
          onDoubleClick={onRowOpen ? (event) => onRowMouse(event, () => onRowOpen(id, node)) : undefined}
          onKeyDown={(event) => onRowKey(event, rowIndex, id, node, hasChildren, isExpanded)}
          data-testid="tree-row"
          aria-rowindex={rowIndex + 2}
          {...virtualRows.rowProps(rowIndex)}
        >
          {columns.map((column, index) => (
            <TableCell key={column.key} className={column.key === pinnedKey ? mergeClasses(cellStyles.pinned, (id === selectedId || selectedIds?.has(id)) && cellStyles.pinnedSelected) : undefined}>
              {index === 0 ? (
                <span className={styles.first} style={{ paddingLeft: `${depth * 20}px` }}>
                  {hasChildren ? (
                    <Button
                      className={styles.toggle}
                      appearance="transparent"
                      size="small"
                      icon={isExpanded ? <ChevronDown12Regular /> : <ChevronRight12Regular />}
                      aria-label={t(isExpanded ? 'tree.collapse' : 'tree.expand', { name: getRowLabel(node) })}
                      onClick={(event) => {
                        event.stopPropagation();
                        toggle(id);
                      }}
                      tabIndex={-1}
                    />
                  ) : (
                    <span className={styles.spacer} />
                  )}
                  {selectedIds ? (
                    <Checkbox
                      checked={selectedIds.has(id)}
                      onChange={() => select(id, node)}
                      // The row takes Space and Enter for itself (and cancels them): the box keeps its own.
                      onKeyDown={(event) => (event.key === ' ' || event.key === 'Enter') && event.stopPropagation()}
                      aria-label={`${t('list.selectRow')} ${getCheckLabel(node)}`}
                      data-testid="tree-row-check"
                    />
                  ) : null}
                  <CellContent kind={column.kind} width={column.width}>
                    {column.render(node, rowIndex)}
                  </CellContent>
                </span>
              ) : (
                <CellContent kind={column.kind} width={column.width}>
                  {column.render(node, rowIndex)}
                </CellContent>
              )}
            </TableCell>
          ))}
        </TableRow>
      );
    });
  }

  return (
    <>
      {views ? (
        <InPageHeader slot="tools">
          <ListViewToolbar views={views} columns={ownColumns} />
        </InPageHeader>
      ) : null}
      <div className={styles.scroller} data-testid={props['data-testid']} ref={scrollerRef}>
        <Table className={cellStyles.table} aria-label={props['aria-label']} aria-busy={loading} role="treegrid" size="small" aria-rowcount={rowsShown ? rows.length + 1 : undefined}>
          <TableHeader className={styles.header} ref={headerRef}>
            <TableRow aria-rowindex={rowsShown ? 1 : undefined}>
              {columns.map((column) => (
                <TableHeaderCell
                  key={column.key}
                  className={mergeClasses(cellStyles.headerCell, column.key === pinnedKey && cellStyles.pinnedHeader)}
                  style={column.width ? { width: column.width } : undefined}
                  data-column={column.key}
                  aside={columnResizeAside(column)}
                >
                  {column.header}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>{body}</TableBody>
        </Table>
      </div>
    </>
  );
}
