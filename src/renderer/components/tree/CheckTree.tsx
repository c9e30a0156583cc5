import { SearchBox, Tree, TreeItem, TreeItemLayout, makeStyles, tokens, type TreeItemValue } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../states';
import { checkStates, checkedAndHalfChecked, setChecked, toCheckNodes, type CheckId, type CheckNode, type TreeAccessors } from './check-tree';
import { labelMatches, searchTree } from './search';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export interface CheckTreeChange<Id extends CheckId> {
  /** The fully checked set, to hand back as `checked`. */
  checked: Set<Id>;
  /** What a form saves: checked and half-checked ids, in tree order (spec 001 menuIdList). */
  checkedIds: Id[];
  halfCheckedIds: Id[];
}

export interface CheckTreeProps<N, Id extends CheckId> extends TreeAccessors<N, Id> {
  'aria-label': string;
  /** undefined while loading. */
  nodes: readonly N[] | undefined;
  checked: ReadonlySet<Id>;
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
 * cascading checks, half-checked parents, every branch open at first.
 */
export function CheckTree<N, Id extends CheckId>(props: CheckTreeProps<N, Id>) {
  const { nodes, getId, getLabel, getChildren, checked, onCheckedChange, loading = false, error, onRetry, emptyText, disabled = false, searchable = false } = props;
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

  if (error && !loading) return <ErrorState title={t('list.error')} error={error} onRetry={onRetry} />;
  if (nodes === undefined || loading) return <LoadingState />;
  if (nodes.length === 0) return <EmptyState text={emptyText ?? t('list.empty')} />;

  const onView = (items: readonly N[]) => (shown === null ? items : items.filter((node) => shown.has(getId(node))));
  const renderItems = (items: readonly N[]) =>
    onView(items).map((node) => {
      const children = onView(getChildren(node));
      return (
        <TreeItem key={getId(node)} value={getId(node)} itemType={children.length > 0 ? 'branch' : 'leaf'}>
          <TreeItemLayout>{getLabel(node)}</TreeItemLayout>
          {children.length > 0 ? <Tree>{renderItems(children)}</Tree> : null}
        </TreeItem>
      );
    });

  const tree =
    shown !== null && shown.size === 0 ? (
      <EmptyState text={t('tree.noMatch')} />
    ) : (
      <Tree
        aria-label={props['aria-label']}
        data-testid={props['data-testid']}
        aria-disabled={disabled || undefined}
        selectionMode="multiselect"
        checkedItems={[...states.entries()]}
        onCheckedChange={(_event, data) => {
          const id = ids.get(data.value);
          if (disabled || id === undefined) return;
          const next = setChecked(checkNodes, checked, id, data.checked === true);
          const saved = checkedAndHalfChecked(checkNodes, next);
          onCheckedChange({ checked: next, checkedIds: saved.checked, halfCheckedIds: saved.halfChecked });
        }}
        openItems={open}
        onOpenChange={(_event, data) => shown === null && setOpenItems(new Set(data.openItems))}
      >
        {renderItems(nodes)}
      </Tree>
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
