import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDown12Regular, ChevronRight12Regular } from '@fluentui/react-icons';
import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_MAX_HEIGHT } from '../../../shared/constants';
import type { ListColumn } from '../list/ListTable';
import { EmptyState, ErrorState, LoadingState } from '../states';
import { flattenTree } from './flatten';

const useStyles = makeStyles({
  scroller: { maxHeight: `${TABLE_MAX_HEIGHT}px`, overflow: 'auto', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  header: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground2 },
  row: { cursor: 'pointer' },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  first: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  toggle: { minWidth: '24px', width: '24px' },
  spacer: { display: 'inline-block', width: '24px', flexShrink: 0 },
});

export interface TreeTableProps<T> {
  'aria-label': string;
  /** The first column carries the indentation and the expand buttons. */
  columns: readonly ListColumn<T>[];
  /** undefined while loading. */
  nodes: readonly T[] | undefined;
  getRowId: (node: T) => string | number;
  getChildren: (node: T) => readonly T[] | undefined;
  getRowLabel: (node: T) => string;
  /** Rows are selected by clicking (spec 001: organisation list); clicking the selected row clears it. */
  selectedId?: string | number | null;
  onSelect?: (id: string | number | null, node: T | null) => void;
  /** Levels open at first: 1 shows the roots' children. */
  initialOpenDepth?: number;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
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

/** A table of a tree (organisations): expandable rows, selection by click, the list's states. */
export function TreeTable<T>(props: TreeTableProps<T>) {
  const { columns, nodes, getRowId, getChildren, getRowLabel, selectedId = null, onSelect, initialOpenDepth = 1, loading = false, error, onRetry, emptyText } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const [opened, setOpened] = useState<Set<string | number> | null>(null);
  const expanded = useMemo(() => opened ?? idsToDepth(nodes ?? [], getRowId, getChildren, initialOpenDepth), [opened, nodes, getRowId, getChildren, initialOpenDepth]);
  const rows = useMemo(() => flattenTree(nodes ?? [], getRowId, getChildren, expanded), [nodes, getRowId, getChildren, expanded]);

  const toggle = (id: string | number) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpened(next);
  };
  const select = (id: string | number, node: T) => onSelect?.(id === selectedId ? null : id, id === selectedId ? null : node);
  const onRowKey = (event: KeyboardEvent, id: string | number, node: T, hasChildren: boolean, isExpanded: boolean) => {
    if (event.key === 'Enter' || event.key === ' ') select(id, node);
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
  else if (rows.length === 0) body = fullRow(<EmptyState text={emptyText ?? t('list.empty')} />);
  else {
    body = rows.map(({ node, id, depth, hasChildren, expanded: isExpanded }) => (
      <TableRow
        key={String(id)}
        className={mergeClasses(styles.row, id === selectedId && styles.selected)}
        aria-selected={id === selectedId}
        aria-level={depth + 1}
        aria-expanded={hasChildren ? isExpanded : undefined}
        tabIndex={0}
        onClick={() => select(id, node)}
        onKeyDown={(event) => onRowKey(event, id, node, hasChildren, isExpanded)}
        data-testid="tree-row"
      >
        {columns.map((column, index) => (
          <TableCell key={column.key}>
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
                {column.render(node)}
              </span>
            ) : (
              column.render(node)
            )}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <div className={styles.scroller} data-testid={props['data-testid']}>
      <Table aria-label={props['aria-label']} aria-busy={loading} role="treegrid" size="small">
        <TableHeader className={styles.header}>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column.key} style={column.width ? { width: column.width } : undefined}>
                {column.header}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>{body}</TableBody>
      </Table>
    </div>
  );
}
