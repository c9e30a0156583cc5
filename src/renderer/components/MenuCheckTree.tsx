import { Tree, TreeItem, TreeItemLayout, type TreeItemValue } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from './states';
import { checkStates, checkedAndHalfChecked, checkedFromSaved, setChecked, type CheckNode } from './tree/check-tree';

export interface MenuTreeNode {
  menuId: number;
  name: string;
  children: readonly MenuTreeNode[];
}

export interface MenuCheckChange {
  /** The fully checked set, to hand back as `checked`. */
  checked: Set<number>;
  /** What a role or resource form saves: checked and half-checked menu ids (spec 001 menuIdList). */
  checkedIds: number[];
  halfCheckedIds: number[];
}

function toCheckNodes(nodes: readonly MenuTreeNode[]): CheckNode[] {
  return nodes.map((node) => ({ id: node.menuId, children: toCheckNodes(node.children) }));
}

/** The checked set of a saved menuIdList (it holds half-checked parents, which must not check all children). */
export function menuCheckedFromSaved(nodes: readonly MenuTreeNode[], savedIds: Iterable<number>): Set<number> {
  return checkedFromSaved(toCheckNodes(nodes), savedIds);
}

export interface MenuCheckTreeProps {
  'aria-label': string;
  nodes: readonly MenuTreeNode[] | undefined;
  checked: ReadonlySet<number>;
  onCheckedChange: (change: MenuCheckChange) => void;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  disabled?: boolean;
  'data-testid'?: string;
}

function allBranchIds(nodes: readonly MenuTreeNode[]): number[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.menuId, ...allBranchIds(node.children)] : []));
}

/** The checkbox tree of menus (role form, resource assignment): cascading checks, half-checked parents. */
export function MenuCheckTree({ nodes, checked, onCheckedChange, loading = false, error, onRetry, disabled = false, ...rest }: MenuCheckTreeProps) {
  const { t } = useTranslation();
  const checkNodes = useMemo(() => toCheckNodes(nodes ?? []), [nodes]);
  const states = useMemo(() => checkStates(checkNodes, checked), [checkNodes, checked]);
  const [openItems, setOpenItems] = useState<Set<TreeItemValue> | null>(null);
  const open = useMemo(() => openItems ?? new Set<TreeItemValue>(allBranchIds(nodes ?? [])), [openItems, nodes]);

  if (error && !loading) return <ErrorState title={t('list.error')} error={error} onRetry={onRetry} />;
  if (nodes === undefined || loading) return <LoadingState />;
  if (nodes.length === 0) return <EmptyState text={t('list.empty')} />;

  const renderItems = (items: readonly MenuTreeNode[]) =>
    items.map((node) => (
      <TreeItem key={node.menuId} value={node.menuId} itemType={node.children.length > 0 ? 'branch' : 'leaf'}>
        <TreeItemLayout>{node.name}</TreeItemLayout>
        {node.children.length > 0 ? <Tree>{renderItems(node.children)}</Tree> : null}
      </TreeItem>
    ));

  return (
    <Tree
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      aria-disabled={disabled || undefined}
      selectionMode="multiselect"
      checkedItems={[...states.entries()]}
      onCheckedChange={(_event, data) => {
        if (disabled) return;
        const next = setChecked(checkNodes, checked, Number(data.value), data.checked === true);
        const ids = checkedAndHalfChecked(checkNodes, next);
        onCheckedChange({ checked: next, checkedIds: ids.checked, halfCheckedIds: ids.halfChecked });
      }}
      openItems={open}
      onOpenChange={(_event, data) => setOpenItems(new Set(data.openItems))}
    >
      {renderItems(nodes)}
    </Tree>
  );
}
