import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PermissionKey } from '../../../shared/permissions';
import type { RowId } from '../../../renderer/components/list/selection';
import { usePermissions } from '../../../renderer/components/permissions';
import { invalidateDataGroupQueries } from './queries';

interface ListSource<Row> {
  rows: readonly Row[] | undefined;
  getRowId: (row: Row) => RowId;
  requireOne: () => RowId | null;
  onSelectionChange: (ids: ReadonlySet<RowId>) => void;
}

/** The add / edit dialog of a list: closed, adding (`row` null) or editing a row of the page on view. */
export function useDialogState<Row>(list: ListSource<Row>) {
  const queryClient = useQueryClient();
  const { has } = usePermissions();
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const rowById = (id: RowId) => list.rows?.find((row) => list.getRowId(row) === id) ?? null;
  const edit = (id: RowId) => {
    const row = rowById(id);
    if (row) setEditing({ row });
  };
  return {
    editing,
    add: () => setEditing({ row: null }),
    /** Edits the one chosen row (a warning names the rule otherwise). */
    editSelected: () => {
      const id = list.requireOne();
      if (id !== null) edit(id);
    },
    /** A double click opens the row's dialog, when the role may save. */
    openRow: (perm: PermissionKey) =>
      has(perm)
        ? (id: RowId) => {
            list.onSelectionChange(new Set([id]));
            edit(id);
          }
        : undefined,
    close: () => setEditing(null),
    saved: () => {
      setEditing(null);
      void invalidateDataGroupQueries(queryClient);
    },
  };
}
