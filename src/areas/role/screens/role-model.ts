import { RoleType } from '../../../shared/constants';
import { roleForm, type RoleForm, type RoleRecord } from '../contract';
import { menuIdsToSend, menusOutsideTree, type MenuNodeLike } from '../../../renderer/components/MenuCheckTree';
import { issuesByField } from '../../../renderer/components/form/record-form';
import type { MessageKey, RuleMessageKey } from '../../../renderer/i18n/message-key';

/**
 * The role form's values and rules (spec 001 §5 Role form): the contract's own schema, and the menus of
 * the checkbox tree, whose checked and half-checked ids are sent together (§4).
 */

export type RoleTypeValue = (typeof RoleType)[keyof typeof RoleType];

export type RoleFormValues = {
  roleName: string;
  deptId: number | null;
  remark: string;
  roleType: RoleTypeValue;
};

export type RoleField = keyof RoleFormValues;

export const ROLE_FIELDS: readonly RoleField[] = ['roleName', 'deptId', 'remark', 'roleType'];

export function roleValuesOf(record: RoleRecord | null): RoleFormValues {
  return {
    roleName: record?.roleName ?? '',
    deptId: record?.deptId ?? null,
    remark: record?.remark ?? '',
    roleType: record?.roleType === RoleType.AllOrganisations ? RoleType.AllOrganisations : RoleType.OwnSubtree,
  };
}

export function rolePayload(values: RoleFormValues, menuIdList: number[]): RoleForm {
  return { roleName: values.roleName, deptId: values.deptId as number, remark: values.remark, roleType: values.roleType, menuIdList };
}

export function roleFormIssues(values: RoleFormValues): Partial<Record<RoleField, RuleMessageKey>> {
  return issuesByField(roleForm, rolePayload(values, []), ROLE_FIELDS);
}

export function roleTypeKey(type: number): MessageKey {
  return type === RoleType.AllOrganisations ? 'role.type.all' : 'role.type.subtree';
}

export function roleFieldLabelKey(field: string): MessageKey | null {
  const labels: Record<string, MessageKey> = { roleName: 'role.roleName', deptId: 'common.organisation', remark: 'role.remark', roleType: 'role.roleType', menuIdList: 'role.menus' };
  return labels[field] ?? null;
}

/**
 * The granted set of the tree: what the user ticked, or else exactly what is saved; the fixed menus (a role
 * of type 1 always holds the back-office system) are always in it.
 */
export function grantedMenus(chosen: Iterable<number>, fixed: readonly number[]): Set<number> {
  return new Set([...chosen, ...fixed]);
}

/**
 * The menuIdList a save sends: the granted menus of the tree, and the granted ones it does not show while
 * the organisation and type stay those of the saved role (the server judges them); under another
 * organisation or type only what the tree offers can be held.
 */
export function roleMenusToSend(tree: readonly MenuNodeLike[], granted: ReadonlySet<number>, sameScope: boolean): number[] {
  return [...menuIdsToSend(tree, granted), ...(sameScope ? menusOutsideTree(tree, granted) : [])];
}
