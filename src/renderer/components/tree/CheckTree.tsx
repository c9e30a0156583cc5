import { FlatTree, FlatTreeItem, SearchBox, TreeItemLayout, makeStyles, tokens, type TreeItemValue } from '@fluentui/react-components';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_MAX_HEIGHT } from '../../../shared/constants';
import { GapBlock, useVirtualRows } from '../list/useVirtualRows';
import { EmptyState, ErrorState, LoadingState } from '../states';
import { checkStates, grantedInTree, setChecked, toCheckNodes, type CheckId, type CheckNode, type StandsAlone, type TreeAccessors } from './check-tree';
import { flattenTree } from './flatten';
import { labelMatches, searchTree } from './search';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // A long tree scrolls within the spec's table height, so that only the items in view are rendered.
  scroller: { maxHeight: `${TABLE_MAX_HEIGHT}px`, overflowY: 'auto' },
});

export interface CheckTreeChange<Id extends CheckId> {
  /** The granted set, to hand back as `checked`: it keeps ids that are not in the tree. */
  checked: Set<Id>;
  /** The granted ids of the tree, in tree order. */
  checkedIds: Id[];
}

export interface CheckTreeProps<N, Id extends CheckId> extends TreeAccessors<N, Id> {
  'aria-label': string;
  /** undefined while loading. */
  nodes: readonly N[] | undefined;
  /** The granted set (see check-tree.ts): a node shows checked when it and its subtree are in it, half-checked when some of it is. */
  checked: ReadonlySet<Id>;
  /** Nodes that stay granted when their last granted child is unticked (a page without its buttons). */
  standsAlone?: StandsAlone<Id>;
  onCheckedChange: (change: CheckTreeChange<Id>) => void;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
  disabled?: boolean;
  /** A search box above the tree: only the nodes whose label holds the text show (with the way down to them and what lies below them). */
  searchable?: boolean;
  'data-testid'?: string;
}

function branchIds<Id extends CheckId>(nodes: readonly CheckNode<Id>[]): Id[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.id, ...branchIds(node.children)] : []));
}

function idsByValue<Id extends CheckId>(nodes: readonly CheckNode<Id>[], into = new Map<TreeItemValue, Id>()): Map<TreeItemValue, Id> {
  for (const node of nodes) {
    into.set(node.id, node.id);
    idsByValue(node.children, into);
  }
  return into;
}

/**
 * A checkbox tree over any record with an id and a label (menus, organisations, business centres):
 * cascading checks, half-checked parents, every branch open at first. The open items are rendered as a flat
 * tree (each with its level and place for screen readers); more than `VIRTUAL_FROM_ROWS` of them render
 * virtually (`useVirtualRows`).
 */
export function CheckTree<N, Id extends CheckId>(props: CheckTreeProps<N, Id>) {
  const { nodes, getId, getLabel, getChildren, checked, standsAlone, onCheckedChange, loading = false, error, onRetry, emptyText, disabled = false, searchable = false } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const [searchText, setSearchText] = useState('');
  const shown = useMemo(() => searchTree(nodes ?? [], getId, getChildren, (node) => labelMatches(getLabel(node), searchText), searchText), [nodes, getId, getChildren, getLabel, searchText]);
  const checkNodes = useMemo(() => toCheckNodes(nodes ?? [], { getId, getChildren }), [nodes, getId, getChildren]);
  const ids = useMemo(() => idsByValue(checkNodes), [checkNodes]);
  const states = useMemo(() => checkStates(checkNodes, checked), [checkNodes, checked]);
  const [openItems, setOpenItems] = useState<Set<TreeItemValue> | null>(null);
  // While searching, every branch on view is open.
  const open = useMemo(() => (shown !== null ? new Set<TreeItemValue>(shown) : (openItems ?? new Set<TreeItemValue>(branchIds(checkNodes)))), [shown, openItems, checkNodes]);
  const rows = useMemo(() => {
    const onView = (items: readonly N[]) => (shown === null ? items : items.filter((node) => shown.has(getId(node))));
    return flattenTree(onView(nodes ?? []), getId, (node) => onView(getChildren(node)), open);
  }, [nodes, shown, getId, getChildren, open]);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const virtualRows = useVirtualRows(rows.length, scrollerRef);

  if (error && !loading) return <ErrorState title={t('list.error')} error={error} onRetry={onRetry} />;
  if (nodes === undefined || loading) return <LoadingState />;
  if (nodes.length === 0) return <EmptyState text={emptyText ?? t('list.empty')} />;

  const items = virtualRows.slices.map((slice) => {
    if (slice.kind === 'gap') return <GapBlock key={slice.key} height={slice.height} />;
    const { node, id, parentId, depth, posInSet, setSize, hasChildren } = rows[slice.index]!;
    return (
      <FlatTreeItem
        key={id}
        value={id}
        parentValue={parentId ?? undefined}
        aria-level={depth + 1}
        aria-posinset={posInSet}
        aria-setsize={setSize}
        itemType={hasChildren ? 'branch' : 'leaf'}
        {...virtualRows.rowProps(slice.index)}
      >
        <TreeItemLayout>{getLabel(node)}</TreeItemLayout>
      </FlatTreeItem>
    );
  });

  const tree =
    shown !== null && shown.size === 0 ? (
      <EmptyState text={t('tree.noMatch')} />
    ) : (
      <div ref={scrollerRef} className={virtualRows.virtual ? styles.scroller : undefined}>
        <FlatTree
          aria-label={props['aria-label']}
          data-testid={props['data-testid']}
          aria-disabled={disabled || undefined}
          selectionMode="multiselect"
          checkedItems={[...states.entries()]}
          onCheckedChange={(_event, data) => {
            const id = ids.get(data.value);
            if (disabled || id === undefined) return;
            const next = setChecked(checkNodes, checked, id, data.checked === true, standsAlone);
            onCheckedChange({ checked: next, checkedIds: grantedInTree(checkNodes, next) });
          }}
          openItems={open}
          onOpenChange={(_event, data) => {
            if (shown !== null) return;
            const next = new Set(open);
            if (data.open) next.add(data.value);
            else next.delete(data.value);
            setOpenItems(next);
          }}
          onNavigation={(event, data) => {
            // Home and End reach the first and last items even when they are not rendered.
            if (!virtualRows.virtual || (data.type !== 'Home' && data.type !== 'End')) return;
            event.preventDefault();
            virtualRows.focusRow(data.type === 'Home' ? 0 : rows.length - 1);
          }}
        >
          {items}
        </FlatTree>
      </div>
    );
  if (!searchable) return tree;
  return (
    <div className={styles.root}>
      <SearchBox
        value={searchText}
        onChange={(_event, data) => setSearchText(data.value)}
        placeholder={t('tree.searchPlaceholder')}
        aria-label={t('tree.search')}
        data-testid={props['data-testid'] ? `${props['data-testid']}-search` : undefined}
      />
      {tree}
    </div>
  );
}
