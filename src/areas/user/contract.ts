import { z } from 'zod';
import { DeptTreeType, UserStatus } from '../../shared/constants';
import { Perm } from '../../shared/permissions';
import { sortInput } from '../../shared/list-sort';
import { choice, Limits, pageOf, rules } from '../../shared/rules';
import { encryptedPassword } from '../../shared/contract/auth';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * User management (spec 000 §2 /user and /userManage/{userId}, §3 User, §5 User form, §6, §7 User), with
 * the organisation and role look-ups its screens use. Everything is scoped by the current role: only
 * users, organisations and roles inside the organisations the role sees.
 */

export const userStatus = choice([UserStatus.Disabled, UserStatus.Enabled]);

const requiredText = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(max, { message: 'validation.tooLong' });

export const dataAuthority = z.object({
  classificationId: rules.id,
  dataCode: requiredText(Limits.dataCodeMax),
  dataName: requiredText(Limits.dataNameMax),
  topCode: z.string().trim().max(Limits.dataCodeMax, { message: 'validation.tooLong' }).default(''),
  topName: z.string().trim().max(Limits.dataNameMax, { message: 'validation.tooLong' }).default(''),
});
export type DataAuthority = z.output<typeof dataAuthority>;

const userFields = z.object({
  username: rules.loginUsername,
  name: rules.personName,
  email: rules.optionalEmail.default(''),
  mobile: rules.mobile.default(''),
  status: userStatus.default(UserStatus.Enabled),
  /** The user's organisation (top organisation). */
  deptId: rules.organisationId,
  /** Roles granted, each held for the organisation the role belongs to. */
  roleIdList: z.array(rules.id).max(Limits.rolesPerUserMax, { message: 'validation.idListTooMany' }).default([]),
  userDataAuthorityList: z.array(dataAuthority).max(Limits.dataAuthoritiesPerUserMax, { message: 'validation.idListTooMany' }).default([]),
});

/** Whether an administrator may reset this user's password (spec 000 §6 flag); not in the spec's payload. */
const resetPwdAllowed = z.boolean({ error: 'validation.type' });

/** The user form on add: the initial password travels sealed like a sign-in password. */
export const userAddForm = userFields.extend({ password: encryptedPassword, resetPwdAllowed: resetPwdAllowed.default(true) });
export type UserAddForm = z.input<typeof userAddForm>;

/** The user form on update; a form that does not send the reset flag leaves it as it is. */
export const userUpdateForm = userFields.extend({ userId: rules.id, version: rules.version, resetPwdAllowed: resetPwdAllowed.optional() });
export type UserUpdateForm = z.input<typeof userUpdateForm>;

export const userRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  /** The list calls the mobile number 'phone' (spec 000 §3). */
  phone: z.string(),
  email: z.string(),
  status: z.number().int(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  /** Names of the roles held, comma-joined. */
  roleIdName: z.string(),
  createName: z.string(),
  /** ISO 8601. */
  createTime: z.string(),
  resetPwdAllowed: z.boolean(),
});
export type UserRow = z.infer<typeof userRow>;

export const heldRoleEntry = z.object({ roleId: z.number().int(), roleName: z.string(), deptId: z.number().int(), deptName: z.string() });
export type HeldRoleEntry = z.infer<typeof heldRoleEntry>;

export const userRecord = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  status: z.number().int(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  resetPwdAllowed: z.boolean(),
  /**
   * The roles the user holds inside the current role's organisations: the ones the form may change (roles
   * outside them are kept as they are on update).
   */
  roleIdList: z.array(z.number().int()),
  roleList: z.array(heldRoleEntry),
  userDataAuthorityList: z.array(dataAuthority.extend({ classificationId: z.number().int() })),
  createName: z.string(),
  createTime: z.string(),
  version: z.number().int(),
});
export type UserRecord = z.infer<typeof userRecord>;

export interface DeptNode {
  deptId: number;
  parentId: number | null;
  name: string;
  /** '0' company, '1' department. */
  deptType: string;
  businessCentre: boolean;
  children: DeptNode[];
}
export const deptNode: z.ZodType<DeptNode> = z
  .lazy(() =>
    z.object({
      deptId: z.number().int(),
      parentId: z.number().int().nullable(),
      name: z.string(),
      deptType: z.string(),
      businessCentre: z.boolean(),
      children: z.array(deptNode),
    }),
  )
  .meta({ id: 'DeptNode' });

export const deptListEntry = z.object({
  deptId: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  deptType: z.string(),
  deptPerson: z.string(),
  telephone: z.string(),
  companyAddress: z.string(),
  orderNum: z.number().int(),
  status: z.number().int(),
  createName: z.string(),
  createTime: z.string(),
});

export const classificationEntry = z.object({ classificationId: z.number().int(), name: z.string(), number: z.string(), type: z.string(), deptId: z.number().int().nullable() });

/** The columns the user list sorts by (`sidx`); newest first otherwise. */
export const USER_SORT_COLUMNS = ['username', 'name', 'phone', 'email', 'deptName', 'status', 'createTime'] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

export const user = {
  list: endpoint({
    service: 'user',
    summary: 'Users inside the current role, with filters',
    method: 'POST',
    path: '/sys/user/listFilterDeptId',
    access: Perm.userView,
    mutation: false,
    input: z.object({
      page: rules.page,
      limit: rules.limit,
      name: rules.filterText,
      username: rules.filterText,
      /** The current role, when sent: it must be the role of the call. */
      roleId: rules.id.nullish(),
      /** An organisation and its sub-organisations; it must lie inside the role. */
      deptId: rules.id.nullish(),
      status: userStatus.nullish(),
      ...sortInput(USER_SORT_COLUMNS),
    }),
    output: pageOf(userRow),
  }),
  info: endpoint({
    service: 'user',
    summary: 'One user, for the form',
    method: 'POST',
    path: '/sys/user/info/:userId',
    access: Perm.userView,
    mutation: false,
    input: z.object({ userId: rules.id }),
    output: userRecord,
  }),
  add: endpoint({
    service: 'user',
    summary: 'Add a user',
    method: 'POST',
    path: '/sys/user/save',
    access: Perm.userSave,
    input: userAddForm,
    output: z.object({ userId: z.number().int() }),
    secretFields: ['password'],
    sealedFields: ['password'],
  }),
  update: endpoint({
    service: 'user',
    summary: 'Update a user',
    method: 'POST',
    path: '/sys/user/update',
    access: Perm.userUpdate,
    input: userUpdateForm,
    output: z.object({ userId: z.number().int(), version: z.number().int() }),
  }),
  delete: endpoint({
    service: 'user',
    summary: 'Delete users',
    method: 'POST',
    path: '/sys/user/delete',
    access: Perm.userDelete,
    input: z.object({ userIds: rules.idList }),
    output: undoTicket,
  }),
  resetPassword: endpoint({
    service: 'user',
    summary: "Reset a user's password to a new random one",
    // A GET in the spec; a POST here, because it changes the password and a GET may be retried or cached.
    method: 'POST',
    path: '/sys/user/resetPwd/:userId',
    access: Perm.userResetPwd,
    input: z.object({ userId: rules.id }),
    output: z.object({ password: z.string() }),
    secretOutput: true,
  }),
  changeTopDept: endpoint({
    service: 'user',
    summary: "Change a user's top organisation",
    method: 'POST',
    path: '/sys/user/changeTopDept',
    access: Perm.userChangeDept,
    input: z.object({ topDeptId: rules.organisationId, username: rules.loginUsername }),
    output: z.null(),
  }),
  classificationsByDept: endpoint({
    service: 'user',
    summary: 'Data classifications a user of an organisation can be given',
    method: 'GET',
    path: '/sys/user/classification/:deptId',
    access: Perm.userView,
    input: z.object({ deptId: rules.id }),
    output: z.array(classificationEntry),
  }),
  topCompanies: endpoint({
    service: 'organisation',
    summary: 'Companies inside a held role',
    method: 'GET',
    path: '/sys/dept/topCompany/:roleId',
    access: 'session',
    input: z.object({ roleId: rules.id }),
    output: z.array(z.object({ deptId: z.number().int(), parentId: z.number().int().nullable(), name: z.string() })),
  }),
  deptTree: endpoint({
    service: 'organisation',
    summary: 'The organisation tree a held role sees',
    method: 'GET',
    path: '/sys/dept/tree/:roleId/:type',
    access: 'session',
    input: z.object({
      roleId: rules.id,
      /** Which screen asks: 1 users, 2 roles (spec 000 §7); both see the organisations of the role. */
      type: z.coerce.number({ error: 'validation.oneOf' }).pipe(choice([DeptTreeType.Users, DeptTreeType.Roles])),
    }),
    output: z.array(deptNode),
  }),
  deptList: endpoint({
    service: 'organisation',
    summary: 'Organisations inside the current role, flat with parentId',
    method: 'POST',
    path: '/sys/dept/list',
    access: 'session',
    mutation: false,
    input: z.object({ name: rules.filterText, deptPerson: rules.filterText }),
    output: z.array(deptListEntry),
  }),
  rolesByDept: endpoint({
    service: 'role',
    summary: 'Roles of an organisation inside the current role',
    method: 'GET',
    path: '/sys/role/byDept/:deptId',
    access: 'session',
    input: z.object({ deptId: rules.id }),
    output: z.array(heldRoleEntry),
  }),
  rolesByUser: endpoint({
    service: 'role',
    summary: 'Roles a user holds',
    method: 'GET',
    path: '/sys/role/byUser/:userId',
    access: Perm.userView,
    input: z.object({ userId: rules.id }),
    output: z.array(heldRoleEntry),
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of user, in the five locales. */
export const userNames: EndpointNamesOf<typeof user> = {
  list: ['用户列表', 'User list', 'Benutzerliste', 'ユーザー一覧', '사용자 목록'],
  info: ['用户详情', 'User details', 'Benutzerdetails', 'ユーザー詳細', '사용자 상세'],
  add: ['新增用户', 'Add user', 'Benutzer hinzufügen', 'ユーザー追加', '사용자 추가'],
  update: ['修改用户', 'Update user', 'Benutzer ändern', 'ユーザー更新', '사용자 수정'],
  delete: ['删除用户', 'Delete users', 'Benutzer löschen', 'ユーザー削除', '사용자 삭제'],
  resetPassword: ['重置密码', 'Reset password', 'Passwort zurücksetzen', 'パスワードリセット', '비밀번호 초기화'],
  changeTopDept: ['更换顶级机构', 'Change top organisation', 'Oberste Organisation wechseln', '最上位組織の変更', '최상위 조직 변경'],
  classificationsByDept: ['机构可分配的数据分类', 'Classifications for an organisation', 'Klassifikationen einer Organisation', '組織に割当可能なデータ分類', '조직에 부여 가능한 데이터 분류'],
  topCompanies: ['顶级公司', 'Top companies', 'Oberste Firmen', '最上位会社', '최상위 회사'],
  deptTree: ['机构树', 'Organisation tree', 'Organisationsbaum', '組織ツリー', '조직 트리'],
  deptList: ['机构列表', 'Organisation list', 'Organisationsliste', '組織一覧', '조직 목록'],
  rolesByDept: ['机构的角色', 'Roles of an organisation', 'Rollen einer Organisation', '組織のロール', '조직의 역할'],
  rolesByUser: ['用户的角色', 'Roles of a user', 'Rollen eines Benutzers', 'ユーザーのロール', '사용자의 역할'],
};

/** The fields of the user snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const userSnapshotFields = {
  ...RECORD_FIELDS,
  userId: { label: 'operationLog.snapshot.id' },
  username: { label: 'common.loginName' },
  name: { label: 'common.personName' },
  mobile: { label: 'user.mobile' },
  email: { label: 'user.email' },
  status: { label: 'common.status' },
  deptId: { label: 'common.organisation', ref: 'dept' },
  resetPwdAllowed: { label: 'user.resetPwdAllowed' },
  roleIdList: { label: 'identity.roles', ref: 'role' },
  userDataAuthorityList: {
    label: 'user.authoritySection',
    fields: {
      classificationId: { label: 'operationLog.snapshot.classification', ref: 'dataClassification' },
      dataCode: { label: 'user.dataCode' },
      dataName: { label: 'user.dataName' },
      topCode: { label: 'user.topCode' },
      topName: { label: 'user.topName' },
    },
  },
} as const satisfies SnapshotFieldTable;
