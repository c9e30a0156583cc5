import { z } from 'zod';
import { RoleType } from '../../shared/constants';
import { Perm } from '../../shared/permissions';
import { choice, Limits, pageOf, rules } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import { navNode } from '../../shared/contract/session';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Role management (spec 001 §2 /role and /roleManage/{roleId}, §3 Role, §4 role permissions, §5 Role
 * form and list, §7 Role). Every call is scoped by the current role: roles of organisations it sees, menus
 * it holds itself, and for a role of type 2 only the menus its organisation has been given (/resource).
 */

export const roleType = choice([RoleType.AllOrganisations, RoleType.OwnSubtree]);

/**
 * The menus a role is granted: the checked and the half-checked ids of the menu tree together (spec 001
 * §4, §7 menuIdList). The server tells them apart itself: a menu is half-checked when some of its
 * children are not in the list.
 */
export const menuIdList = z
  .array(rules.id, { error: 'validation.type' })
  .max(Limits.menuIdsPerSaveMax, { message: 'validation.idListTooMany' })
  .transform((ids) => [...new Set(ids)]);

const roleFields = z.object({
  roleName: rules.roleName,
  deptId: rules.organisationId,
  remark: z.string().trim().max(Limits.roleRemarkMax, { message: 'validation.tooLong' }).default(''),
  /** 1 sees every organisation (only such a role may give it), 2 its organisation's subtree. */
  roleType: roleType.default(RoleType.OwnSubtree),
  menuIdList: menuIdList.default([]),
});

export const roleForm = roleFields;
export type RoleForm = z.input<typeof roleForm>;

export const roleUpdateForm = roleFields.extend({ roleId: rules.id, version: rules.version });
export type RoleUpdateForm = z.input<typeof roleUpdateForm>;

export const roleRow = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  remark: z.string(),
  deptId: z.number().int(),
  deptName: z.string(),
  roleType,
  /** How many users hold the role. */
  userCount: z.number().int(),
  createTime: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;

export const roleRecord = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  remark: z.string(),
  deptId: z.number().int(),
  deptName: z.string(),
  roleType,
  /** Checked and half-checked menus, as the form sends them. */
  menuIdList: z.array(z.number().int()),
  version: z.number().int(),
});
export type RoleRecord = z.infer<typeof roleRecord>;

/** A node of a menu checkbox tree (spec 001 §3 Menu node), its name in the caller's language. */
export interface MenuTreeNode {
  menuId: number;
  parentId: number | null;
  name: string;
  type: number;
  enabled: boolean;
  children: MenuTreeNode[];
}
export const menuTreeNode: z.ZodType<MenuTreeNode> = z
  .lazy(() =>
    z.object({
      menuId: z.number().int(),
      parentId: z.number().int().nullable(),
      name: z.string(),
      type: z.number().int(),
      enabled: z.boolean(),
      children: z.array(menuTreeNode),
    }),
  )
  .meta({ id: 'MenuTreeNode' });

export const grantableMenus = z.object({
  tree: z.array(menuTreeNode),
  /** Menus a role of this type always holds (the back-office system for a role of type 1): shown checked, not to be unchecked. */
  fixedMenuIds: z.array(z.number().int()),
});
export type GrantableMenus = z.infer<typeof grantableMenus>;

export const rolePreview = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  roleType,
  /** The console's permission keys the role holds. */
  keys: z.array(z.string()),
  systems: z.array(
    z.object({
      menuId: z.number().int(),
      appName: z.string(),
      nav: z.array(navNode),
      /** The button keys granted on each page, by the page's menu id. */
      buttons: z.array(z.object({ menuId: z.number().int(), perms: z.array(z.string()) })),
    }),
  ),
});
export type RolePreview = z.infer<typeof rolePreview>;

export const role = {
  list: endpoint({
    service: 'role',
    summary: 'Roles inside the current role, with filters',
    method: 'POST',
    path: '/sys/role/list',
    access: Perm.roleView,
    mutation: false,
    input: z.object({
      page: rules.page,
      limit: rules.limit,
      /** The current role, when sent: it must be the role of the call. */
      roleId: rules.id.nullish(),
      /** An organisation and its sub-organisations; it must lie inside the role. */
      deptId: rules.id.nullish(),
      /** Part of the role name. */
      name: rules.filterText,
    }),
    output: pageOf(roleRow),
  }),
  info: endpoint({
    service: 'role',
    summary: 'One role with its menus, for the form',
    method: 'POST',
    path: '/sys/role/detail/:roleId',
    access: Perm.roleView,
    mutation: false,
    input: z.object({ roleId: rules.id }),
    output: roleRecord,
  }),
  add: endpoint({
    service: 'role',
    summary: 'Add a role',
    method: 'POST',
    path: '/sys/role/save',
    access: Perm.roleSave,
    input: roleForm,
    output: z.object({ roleId: z.number().int() }),
  }),
  update: endpoint({
    service: 'role',
    summary: 'Update a role',
    method: 'POST',
    path: '/sys/role/update',
    access: Perm.roleUpdate,
    input: roleUpdateForm,
    output: z.object({ roleId: z.number().int(), version: z.number().int() }),
  }),
  delete: endpoint({
    service: 'role',
    summary: 'Delete roles',
    method: 'POST',
    path: '/sys/role/delete',
    access: Perm.roleDelete,
    input: z.object({ roleIds: rules.idList }),
    output: undoTicket,
  }),
  grantableMenus: endpoint({
    service: 'role',
    summary: 'The menus a role of an organisation may be given by the current role',
    method: 'GET',
    path: '/sys/role/menus/:userRoleId/:deptId',
    access: Perm.roleView,
    input: z.object({
      /** The current role (spec 001 §7 /{userRoleId}/{deptId}): it must be the role of the call. */
      userRoleId: rules.id,
      deptId: rules.id,
      roleType: z.coerce.number({ error: 'validation.oneOf' }).pipe(roleType).default(RoleType.OwnSubtree),
    }),
    output: grantableMenus,
  }),
  preview: endpoint({
    service: 'role',
    summary: 'What a role grants: its navigation and button keys, read-only',
    method: 'GET',
    path: '/sys/role/preview/:roleId',
    access: Perm.roleView,
    input: z.object({ roleId: rules.id }),
    output: rolePreview,
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of role, in the five locales. */
export const roleNames: EndpointNamesOf<typeof role> = {
  list: ['角色列表', 'Role list', 'Rollenliste', 'ロール一覧', '역할 목록'],
  info: ['角色详情', 'Role details', 'Rollendetails', 'ロール詳細', '역할 상세'],
  add: ['新增角色', 'Add role', 'Rolle hinzufügen', 'ロール追加', '역할 추가'],
  update: ['修改角色', 'Update role', 'Rolle ändern', 'ロール更新', '역할 수정'],
  delete: ['删除角色', 'Delete roles', 'Rollen löschen', 'ロール削除', '역할 삭제'],
  grantableMenus: ['可授予的菜单', 'Grantable menus', 'Vergebbare Menüs', '付与可能なメニュー', '부여 가능한 메뉴'],
  preview: ['角色权限预览', 'Role permission preview', 'Rechtevorschau der Rolle', 'ロール権限プレビュー', '역할 권한 미리보기'],
};

/** The fields of the role snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const roleSnapshotFields = {
  ...RECORD_FIELDS,
  roleId: { label: 'operationLog.snapshot.id' },
  roleName: { label: 'role.roleName' },
  deptId: { label: 'common.organisation', ref: 'dept' },
  remark: { label: 'role.remark' },
  roleType: { label: 'role.roleType' },
  menuIdList: { label: 'role.menus', ref: 'menu' },
} as const satisfies SnapshotFieldTable;
