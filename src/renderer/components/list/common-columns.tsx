import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import type { ListColumn } from './ListTable';

/** Who created a record (its creator's name at the time), as a list shows it. */
export function createdByColumn<T extends { createName: string }>(header: string): ListColumn<T> {
  return { key: 'createName', kind: 'name', header, render: (row) => row.createName };
}

/** When a record was created, in the reader's date format; `sortKey` where the list's server sorts by it. */
export function createTimeColumn<T extends { createTime: string }>(header: string, sortKey?: string): ListColumn<T> {
  return { key: 'createTime', kind: 'time', header, render: (row) => formatDateTime(row.createTime), ...(sortKey === undefined ? {} : { sortKey }) };
}

/** A row's actions: the column kind pins it at the right edge and sizes it for its buttons. */
export function actionsColumn<T>(header: string, render: (row: T) => ReactNode): ListColumn<T> {
  return { key: 'actions', kind: 'actions', header, render };
}
