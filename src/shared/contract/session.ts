import { z } from 'zod';
import { rules } from '../rules';
import { encryptedPassword } from './auth';
import { endpoint } from './endpoint';
import type { EndpointNamesOf } from '../local-names';

/** Calls of a signed-in user about their own session: systems, roles, navigation, buttons, password. */

export const roleEntry = z.object({ roleId: z.number().int(), roleName: z.string(), deptName: z.string() });
export type RoleEntry = z.infer<typeof roleEntry>;

export const systemEntry = z.object({
  appName: z.string(),
  /** The system's menu id. */
  menuId: z.number().int(),
  /** The system id (the system menu's perms). */
  systemId: z.string(),
  appFlag: z.string(),
  sysVersion: z.string(),
  roleList: z.array(roleEntry),
});
export type SystemEntry = z.infer<typeof systemEntry>;

export interface NavNode {
  menuId: number;
  parentId: number;
  name: string;
  url: string;
  type: number;
  orderNum: number;
  icon: string;
  linkTarget: number;
  perms: string;
  children: NavNode[];
}
export const navNode: z.ZodType<NavNode> = z
  .lazy(() =>
    z.object({
      menuId: z.number().int(),
      parentId: z.number().int(),
      name: z.string(),
      url: z.string(),
      type: z.number().int(),
      orderNum: z.number().int(),
      icon: z.string(),
      linkTarget: z.number().int(),
      perms: z.string(),
      children: z.array(navNode),
    }),
  )
  .meta({ id: 'NavNode' });

export const currentUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  passwordExpiresAt: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const session = {
  roleSystems: endpoint({
    service: 'session',
    summary: 'Systems the user may enter, with the roles for each',
    method: 'POST',
    path: '/sys/role/systems',
    access: 'session',
    mutation: false,
    input: z.object({}),
    output: z.array(systemEntry),
  }),
  roleSelect: endpoint({
    service: 'session',
    summary: 'Roles the user holds',
    method: 'POST',
    path: '/sys/role/select',
    access: 'session',
    mutation: false,
    input: z.object({}),
    output: z.array(roleEntry),
  }),
  roleInfo: endpoint({
    service: 'session',
    summary: 'A held role',
    method: 'GET',
    path: '/sys/role/info/:roleId',
    access: 'session',
    input: z.object({ roleId: rules.id }),
    output: z.object({ roleId: z.number().int(), roleName: z.string(), deptId: z.number().int(), deptName: z.string(), roleType: z.number().int() }),
  }),
  nav: endpoint({
    service: 'session',
    summary: 'The menu tree of a system for a role',
    method: 'POST',
    path: '/sys/menu/nav',
    access: 'session',
    mutation: false,
    input: z.object({ roleId: rules.id, menuId: rules.id }),
    output: z.array(navNode),
  }),
  buttons: endpoint({
    service: 'session',
    summary: 'Permission strings of a menu for a role',
    method: 'GET',
    path: '/sys/menu/buttons/:menuId/:roleId',
    access: 'session',
    input: z.object({ menuId: rules.id, roleId: rules.id }),
    output: z.array(z.string()),
  }),
  grantStamp: endpoint({
    service: 'session',
    summary: 'A fingerprint of what a held role grants and of the translated names: when it changes, navigation and buttons are read again',
    method: 'GET',
    path: '/sys/role/grants/:roleId',
    access: 'session',
    input: z.object({ roleId: rules.id }),
    output: z.object({ stamp: z.string() }),
  }),
  currentUser: endpoint({
    service: 'session',
    summary: 'The signed-in user',
    method: 'GET',
    path: '/sys/user/current',
    access: 'session',
    input: z.object({}),
    output: currentUser,
  }),
  changePassword: endpoint({
    service: 'session',
    summary: 'Change the own password',
    method: 'POST',
    path: '/sys/user/password',
    access: 'session',
    input: z.object({ password: encryptedPassword, newPassword: encryptedPassword }),
    output: z.null(),
    secretFields: ['password', 'newPassword'],
  }),
  dynamicMessages: endpoint({
    service: 'session',
    summary: 'Notices for the ticker',
    method: 'POST',
    path: '/sys/message/dynamic',
    access: 'session',
    mutation: false,
    input: z.object({}),
    output: z.array(z.object({ id: z.number().int(), content: z.string() })),
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of session, in the five locales. */
export const sessionNames: EndpointNamesOf<typeof session> = {
  roleSystems: ['可进入的系统', 'Systems to enter', 'Zugängliche Systeme', '利用可能なシステム', '진입 가능한 시스템'],
  roleSelect: ['所持角色', 'Roles held', 'Eigene Rollen', '保有ロール', '보유 역할'],
  roleInfo: ['所持角色详情', 'Role held', 'Eigene Rolle', '保有ロール詳細', '보유 역할 상세'],
  nav: ['导航菜单', 'Navigation menu', 'Navigationsmenü', 'ナビゲーションメニュー', '탐색 메뉴'],
  buttons: ['菜单按钮权限', 'Menu button permissions', 'Schaltflächenrechte des Menüs', 'メニューのボタン権限', '메뉴 버튼 권한'],
  grantStamp: ['权限指纹', 'Permission fingerprint', 'Rechte-Fingerabdruck', '権限フィンガープリント', '권한 지문'],
  currentUser: ['当前用户', 'Current user', 'Aktueller Benutzer', '現在のユーザー', '현재 사용자'],
  changePassword: ['修改本人密码', 'Change own password', 'Eigenes Passwort ändern', '自分のパスワード変更', '본인 비밀번호 변경'],
  dynamicMessages: ['滚动公告', 'Ticker notices', 'Laufband-Mitteilungen', 'ティッカーのお知らせ', '티커 공지'],
};
