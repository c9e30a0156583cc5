import { render } from '@testing-library/react';
import type { BridgeResult } from '../../shared/bridge';
import type { Locale } from '../../shared/constants';
import type { NavNode, SystemEntry } from '../../shared/contract/session';
import type { DeptNode, HeldRoleEntry, UserRecord, UserRow } from '../../areas/user/contract';
import type { PermissionKey } from '../../shared/permissions';
import { AppRoutes } from '../app/App';
import { loadShell } from '../app/shell-loader';
import { createFakeBridge, type FakeBridge } from './fake-bridge';
import { testProviders } from './providers';

/**
 * The user screens' DOM tests run them inside the real Home shell with a fake bridge: the session calls
 * answer for one system and role, and the user calls from a small in-memory table each test can shape.
 */

export const ROLE_ID = 7;
export const ME = { userId: 1, username: 'admin', name: 'Administrator' };
const USERS_MENU_ID = 12;

const system: SystemEntry = {
  appName: 'Back office',
  menuId: 2,
  systemId: 'backoffice',
  appFlag: '',
  sysVersion: '1.0.1',
  roleList: [{ roleId: ROLE_ID, roleName: 'Administrator', deptName: 'Group' }],
};
const navPage = (menuId: number, name: string, url: string): NavNode => ({ menuId, parentId: 10, name, url, type: 1, orderNum: menuId, icon: '', linkTarget: 0, perms: '', children: [] });
const nav: NavNode[] = [{ ...navPage(10, 'System', ''), children: [navPage(USERS_MENU_ID, 'Users', '/user')] }];

const dept = (deptId: number, parentId: number | null, name: string, deptType: string, children: DeptNode[] = []): DeptNode => ({ deptId, parentId, name, deptType, businessCentre: false, children });
export const ORG_TREE: DeptNode[] = [dept(1, null, 'Group', '0', [dept(2, 1, 'IT', '1'), dept(4, 1, 'East', '0', [dept(5, 4, 'East operations', '1')])])];

export const ROLES: HeldRoleEntry[] = [
  { roleId: 7, roleName: 'Administrator', deptId: 1, deptName: 'Group' },
  { roleId: 8, roleName: 'Operator', deptId: 4, deptName: 'East' },
  { roleId: 9, roleName: 'Dispatcher', deptId: 4, deptName: 'East' },
];

export const CLASSIFICATIONS = [
  { classificationId: 1, name: 'Waybills', number: 'WAYBILL', type: 'business', deptId: 1 },
  { classificationId: 2, name: 'Customers', number: 'CUSTOMER', type: 'business', deptId: 1 },
];

export function userRow(userId: number, username: string, patch: Partial<UserRow> = {}): UserRow {
  return {
    userId,
    username,
    name: `Name ${username}`,
    phone: '',
    email: `${username}@example.com`,
    status: 1,
    deptId: 1,
    deptName: 'Group',
    roleIdName: '',
    createName: 'Administrator',
    createTime: '2026-01-05T08:30:00.000Z',
    resetPwdAllowed: true,
    ...patch,
  };
}

export function userRecord(row: UserRow, patch: Partial<UserRecord> = {}): UserRecord {
  return {
    userId: row.userId,
    username: row.username,
    name: row.name,
    mobile: row.phone,
    email: row.email,
    status: row.status,
    deptId: row.deptId,
    deptName: row.deptName,
    resetPwdAllowed: row.resetPwdAllowed,
    roleIdList: [],
    roleList: [],
    userDataAuthorityList: [],
    createName: row.createName,
    createTime: row.createTime,
    version: 1,
    ...patch,
  };
}

type Handler = (input: Record<string, unknown>) => BridgeResult<unknown> | Promise<BridgeResult<unknown>>;

export interface UserApiOptions {
  permissions?: readonly PermissionKey[];
  users?: UserRow[];
  records?: UserRecord[];
  /** Answers for particular endpoints, e.g. a refusal of `user.add`. */
  answers?: Record<string, Handler>;
  locale?: Locale;
}

export interface UserApi {
  fake: FakeBridge;
  /** The inputs of every call of an endpoint, in order. */
  inputsOf(id: string): Record<string, unknown>[];
}

const ok = (data: unknown): BridgeResult<unknown> => ({ ok: true, data });

function listPage(users: readonly UserRow[], input: Record<string, unknown>) {
  const needle = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '');
  const matching = users.filter(
    (user) =>
      (!input.name || user.name.toLowerCase().includes(needle(input.name))) &&
      (!input.username || user.username.toLowerCase().includes(needle(input.username))) &&
      (input.status === undefined || input.status === null || user.status === input.status),
  );
  const page = Number(input.page ?? 1);
  const limit = Number(input.limit ?? 10);
  const records = matching.slice((page - 1) * limit, page * limit);
  return { records, total: matching.length, current: page, pages: Math.max(1, Math.ceil(matching.length / limit)), size: limit };
}

/** Renders the app at `path` (e.g. '/user') with the fake user API behind it. */
export async function renderUserScreen(path: string, options: UserApiOptions = {}): Promise<UserApi> {
  const fake = createFakeBridge();
  const users = options.users ?? [];
  const calls: Array<{ id: string; input: Record<string, unknown> }> = [];
  fake
    .method('session.state')
    .mockResolvedValue({ ok: true, data: { signedIn: true, userId: ME.userId, username: ME.username, roleId: ROLE_ID, systemMenuId: system.menuId, pendingWxWorkUserId: null } });
  fake.method('settings.get').mockResolvedValue({ ok: true, data: { serverUrl: '', serverUrlManaged: false, language: options.locale ?? 'en_US' } });
  fake.method('platform').mockResolvedValue({ ok: true, data: { kind: 'browser', appVersion: '1.0.1', os: 'linux', credentialStore: 'keychain' } });

  const handlers: Record<string, Handler> = {
    'session.roleSystems': () => ok([system]),
    'session.nav': () => ok(nav),
    'session.currentUser': () => ok({ ...ME, mobile: '', email: '', deptId: 1, deptName: 'Group', passwordExpiresAt: null }),
    'session.dynamicMessages': () => ok([]),
    'session.grantStamp': () => ok({ stamp: 'grants-1' }),
    'session.buttons': (input) => ok(input.menuId === USERS_MENU_ID ? [...(options.permissions ?? [])] : []),
    'user.deptTree': () => ok(ORG_TREE),
    'user.topCompanies': () =>
      ok([
        { deptId: 1, parentId: null, name: 'Group' },
        { deptId: 4, parentId: 1, name: 'East' },
      ]),
    'user.rolesByDept': (input) => ok(ROLES.filter((role) => role.deptId === input.deptId)),
    'user.classificationsByDept': () => ok(CLASSIFICATIONS),
    'user.list': (input) => ok(listPage(users, input)),
    'user.info': (input) => {
      const record = options.records?.find((candidate) => candidate.userId === input.userId);
      return record ? ok(record) : { ok: false, code: 'A0404', msg: 'userId: The record does not exist' };
    },
    'user.add': () => ok({ userId: 100 }),
    'user.update': (input) => ok({ userId: input.userId, version: Number(input.version) + 1 }),
    'user.delete': () => ok(null),
    'user.resetPassword': () => ok({ password: 'Fresh_Pass9x' }),
    'user.changeTopDept': () => ok(null),
    ...options.answers,
  };
  fake.method('api.call').mockImplementation(async (id: unknown, input: unknown) => {
    const key = String(id);
    const args = (input ?? {}) as Record<string, unknown>;
    calls.push({ id: key, input: args });
    const handler = handlers[key];
    return handler ? handler(args) : { ok: false, code: 'A0404', msg: `unexpected ${key}` };
  });

  const { Wrapper, i18n } = await testProviders({ bridge: fake.bridge, path, locale: options.locale });
  // The shell is its own chunk: loaded before the render, as the sign-in page starts it before Home is reached.
  await loadShell(i18n);
  render(<AppRoutes />, { wrapper: Wrapper });
  return { fake, inputsOf: (id) => calls.filter((call) => call.id === id).map((call) => call.input) };
}
