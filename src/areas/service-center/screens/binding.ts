import { BINDING_SORT_COLUMNS, type BindingSortColumn } from '../contract';
import type { SortOrder } from '../../../shared/list-sort';
import type { DeptNode } from '../../user/contract';
import { Patterns, rules } from '../../../shared/rules';
import { NEW_RECORD_ID, Route, routeTo } from '../../../shared/routes';
import { sortParams } from '../../../renderer/components/list/sorting';
import type { Paging } from '../../../renderer/components/list/useListController';

/** What `/serviceCenterManage/{userId}?type=add|update` asks for, or which part of the address is wrong. */
export type AssignAddress =
  { kind: 'add' } | { kind: 'update'; userId: number } | { kind: 'invalid'; messageKey: 'serviceCenter.invalidUserId' | 'serviceCenter.invalidType' | 'serviceCenter.addWithUserId'; value: string };

export const AssignType = { Add: 'add', Update: 'update' } as const;

function userIdOf(param: string): number | null {
  return Patterns.plainCount.test(param) && rules.id.safeParse(param).success ? Number(param) : null;
}

/**
 * Reads the assign screen's address. `type` says the mode (spec 000 §2); without it the userId decides,
 * 'null' meaning add. An add carries no user, an update needs one.
 */
export function parseAssignAddress(userIdParam: string | undefined, typeParam: string | null): AssignAddress {
  const userIdText = userIdParam ?? '';
  const type = typeParam ?? (userIdText === NEW_RECORD_ID ? AssignType.Add : AssignType.Update);
  if (type === AssignType.Add) return userIdText === NEW_RECORD_ID ? { kind: 'add' } : { kind: 'invalid', messageKey: 'serviceCenter.addWithUserId', value: userIdText };
  if (type !== AssignType.Update) return { kind: 'invalid', messageKey: 'serviceCenter.invalidType', value: type };
  const userId = userIdOf(userIdText);
  return userId === null ? { kind: 'invalid', messageKey: 'serviceCenter.invalidUserId', value: userIdText } : { kind: 'update', userId };
}

/** The address of the assign screen: add, or change one user's binding. */
export function assignPath(target: { kind: 'add' } | { kind: 'update'; userId: number }): string {
  return target.kind === 'add'
    ? `${routeTo(Route.serviceCenterManage, { userId: NEW_RECORD_ID })}?type=${AssignType.Add}`
    : `${routeTo(Route.serviceCenterManage, { userId: target.userId })}?type=${AssignType.Update}`;
}

/**
 * The checked leaves of the tree, in tree order: what a save binds. A checked parent only stands for its
 * children, so at least one leaf must be checked ('please select business center').
 */
export function checkedLeafIds(nodes: readonly DeptNode[], checked: ReadonlySet<number>): number[] {
  return nodes.flatMap((node) => (node.children.length === 0 ? (checked.has(node.deptId) ? [node.deptId] : []) : checkedLeafIds(node.children, checked)));
}

export type AssignProblem = 'message.selectOperatingUser' | 'message.selectBusinessCenter';

/** Why a save may not go ahead (spec 000 §5): an add needs a user, every save a leaf business centre. */
export function assignProblem(kind: 'add' | 'update', userCount: number, leafCount: number): AssignProblem | null {
  if (kind === 'add' && userCount === 0) return 'message.selectOperatingUser';
  return leafCount === 0 ? 'message.selectBusinessCenter' : null;
}

/** The input of the account-paged calls (the bindings, the unbound users): the filters, the page and the sort as they name them. */
export function accountPageInput<F extends object>(filters: F, { page, pageSize, sort }: Paging): F & { pageNum: number; pageSize: number; sidx?: BindingSortColumn; order?: SortOrder } {
  return { ...filters, pageNum: page, pageSize, ...sortParams(sort, BINDING_SORT_COLUMNS) };
}
