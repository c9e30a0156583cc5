import { z } from 'zod';
import { LinkTarget, MenuStatus, MenuType } from '../../shared/constants';
import { Perm } from '../../shared/permissions';
import { choice, Limits, rules } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import { navNode } from '../../shared/contract/session';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/** Menu management (spec 000 §2 /menu and /menuManage/{menuId}, §3 Menu, §5 Menu form, §7 Menu). */

export const menuType = choice([MenuType.System, MenuType.Menu, MenuType.Button]);
export const menuStatus = choice([MenuStatus.Usable, MenuStatus.Disabled]);
export const linkTarget = choice([LinkTarget.CurrentWindow, LinkTarget.Popup]);

/** The fields of the menu form; which of them apply follows the type (see `checkMenuForm`). */
const menuFields = z.object({
  name: rules.menuName,
  type: menuType,
  /** Required for menus and buttons; a system has none. */
  parentId: rules.id.nullish(),
  /** Required for menus; a button has none. */
  url: rules.url.default(''),
  /** Required for menus. */
  linkTarget: linkTarget.nullish(),
  /** The system id of a system, the key value (permission key) of a menu or button. */
  perms: rules.keyValue,
  orderNum: rules.orderNum.default(0),
  status: menuStatus.default(MenuStatus.Usable),
  icon: z.string().trim().max(Limits.menuIconMax, { message: 'validation.tooLong' }).default(''),
  /** Systems only: 'single' marks a system that exchanges its own token. */
  appFlag: z.string().trim().max(Limits.appFlagMax, { message: 'validation.tooLong' }).default(''),
  /** Systems only. */
  sysVersion: z.string().trim().max(Limits.sysVersionMax, { message: 'validation.tooLong' }).default(''),
});

type MenuFields = z.output<typeof menuFields>;

/** The rules of spec 000 §5 that tie fields to the type, each reported on the field it is about. */
function checkMenuForm(form: MenuFields, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message, input: form });
  if (form.type === MenuType.System && form.parentId) issue('parentId', 'validation.systemHasNoParent');
  if (form.type !== MenuType.System && !form.parentId) issue('parentId', 'validation.required');
  if (form.type === MenuType.Menu && form.url === '') issue('url', 'validation.required');
  if (form.type === MenuType.Button && form.url !== '') issue('url', 'validation.buttonHasNoUrl');
  if (form.type === MenuType.Menu && (form.linkTarget === null || form.linkTarget === undefined)) issue('linkTarget', 'validation.required');
}

export const menuForm = menuFields.superRefine(checkMenuForm);
export type MenuForm = z.input<typeof menuForm>;

export const menuUpdateForm = menuFields.extend({ menuId: rules.id, version: rules.version }).superRefine(checkMenuForm);
export type MenuUpdateForm = z.input<typeof menuUpdateForm>;

const menuRecordShape = {
  menuId: z.number().int(),
  /** Null for a system. */
  parentId: z.number().int().nullable(),
  /** The system the menu belongs to; null for a system. */
  systemMenuId: z.number().int().nullable(),
  /** The stored (Chinese) name; navigation shows it translated through the multilingual text. */
  name: z.string(),
  url: z.string(),
  type: z.number().int(),
  orderNum: z.number().int(),
  status: z.number().int(),
  perms: z.string(),
  linkTarget: z.number().int(),
  icon: z.string(),
  appFlag: z.string(),
  sysVersion: z.string(),
  version: z.number().int(),
};

export const menuRecord = z.object({ ...menuRecordShape, parentName: z.string() });
export type MenuRecord = z.infer<typeof menuRecord>;

export interface MenuNode {
  menuId: number;
  parentId: number | null;
  systemMenuId: number | null;
  name: string;
  url: string;
  type: number;
  orderNum: number;
  status: number;
  perms: string;
  linkTarget: number;
  icon: string;
  appFlag: string;
  sysVersion: string;
  version: number;
  /** The name in the caller's language, as the navigation shows it (its multilingual text; the stored name without one). */
  shownName: string;
  children: MenuNode[];
}
export const menuNode: z.ZodType<MenuNode> = z.lazy(() => z.object({ ...menuRecordShape, shownName: z.string(), children: z.array(menuNode) })).meta({ id: 'MenuNode' });

export const appEntry = z.object({ menuId: z.number().int(), appName: z.string(), systemId: z.string() });
export type AppEntry = z.infer<typeof appEntry>;

export const menu = {
  list: endpoint({
    service: 'menu',
    summary: 'The menu tree of one system or of every system',
    method: 'POST',
    path: '/sys/menu/list',
    access: Perm.menuView,
    mutation: false,
    input: z.object({
      /** Only menus of this status, with their ancestors so the tree stays whole. */
      status: menuStatus.nullish(),
      /** The system to show; all systems the role sees when absent. */
      menuId: rules.id.nullish(),
      /** The current role, when sent: it must be the role of the call. */
      roleId: rules.id.nullish(),
    }),
    output: z.array(menuNode),
  }),
  info: endpoint({
    service: 'menu',
    summary: 'One menu, for the form',
    method: 'POST',
    path: '/sys/menu/info/:menuId',
    access: Perm.menuView,
    mutation: false,
    input: z.object({ menuId: rules.id }),
    output: menuRecord,
  }),
  add: endpoint({
    service: 'menu',
    summary: 'Add a system, menu or button',
    method: 'POST',
    path: '/sys/menu/save',
    access: Perm.menuSave,
    input: menuForm,
    output: z.object({ menuId: z.number().int() }),
  }),
  update: endpoint({
    service: 'menu',
    summary: 'Update a system, menu or button',
    method: 'POST',
    path: '/sys/menu/update',
    access: Perm.menuUpdate,
    input: menuUpdateForm,
    output: z.object({ menuId: z.number().int(), version: z.number().int() }),
  }),
  delete: endpoint({
    service: 'menu',
    summary: 'Delete menus',
    method: 'POST',
    path: '/sys/menu/delete',
    access: Perm.menuDelete,
    input: z.object({ menuIds: rules.idList }),
    output: undoTicket,
  }),
  appsByRole: endpoint({
    service: 'menu',
    summary: 'Systems a held role is granted',
    method: 'GET',
    path: '/sys/menu/apps/:roleId',
    access: 'session',
    input: z.object({ roleId: rules.id }),
    output: z.array(appEntry),
  }),
  singleNav: endpoint({
    service: 'menu',
    summary: 'The menu tree of a single-sign-on system for a role',
    method: 'POST',
    path: '/sys/menu/nav/single',
    access: 'session',
    mutation: false,
    input: z.object({
      /** The system's name as the systems list gave it (in any language the system is named in). */
      appName: z.string({ error: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(Limits.translatedNameMax, { message: 'validation.tooLong' }),
      menuId: rules.id,
      roleId: rules.id,
    }),
    output: z.array(navNode),
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of menu, in the five locales. */
export const menuNames: EndpointNamesOf<typeof menu> = {
  list: ['菜单树', 'Menu tree', 'Menübaum', 'メニューツリー', '메뉴 트리'],
  info: ['菜单详情', 'Menu details', 'Menüdetails', 'メニュー詳細', '메뉴 상세'],
  add: ['新增菜单', 'Add menu', 'Menü hinzufügen', 'メニュー追加', '메뉴 추가'],
  update: ['修改菜单', 'Update menu', 'Menü ändern', 'メニュー更新', '메뉴 수정'],
  delete: ['删除菜单', 'Delete menus', 'Menüs löschen', 'メニュー削除', '메뉴 삭제'],
  appsByRole: ['角色可用系统', 'Systems of a role', 'Systeme einer Rolle', 'ロールのシステム', '역할의 시스템'],
  singleNav: ['单点系统菜单', 'Single-sign-on system menu', 'Menü eines SSO-Systems', 'SSOシステムのメニュー', 'SSO 시스템 메뉴'],
};

/** The fields of the menu snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const menuSnapshotFields = {
  ...RECORD_FIELDS,
  menuId: { label: 'operationLog.snapshot.id' },
  parentId: { label: 'menu.field.parentId', ref: 'menu' },
  systemMenuId: { label: 'common.ownedBySystem', ref: 'menu' },
  name: { label: 'menu.field.name' },
  url: { label: 'menu.field.url' },
  type: { label: 'menu.field.type' },
  orderNum: { label: 'menu.field.orderNum' },
  status: { label: 'menu.field.status' },
  perms: { label: 'menu.field.keyValue' },
  linkTarget: { label: 'menu.field.linkTarget' },
  icon: { label: 'menu.field.icon' },
  appFlag: { label: 'menu.field.appFlag' },
  sysVersion: { label: 'menu.field.sysVersion' },
} as const satisfies SnapshotFieldTable;
