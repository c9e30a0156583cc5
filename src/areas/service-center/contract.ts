import { z } from 'zod';
import { sortInput } from '../../shared/list-sort';
import { Perm } from '../../shared/permissions';
import { Limits, pageOf, rules, pageInput } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import { deptNode } from '../user/contract';
import type { EndpointNamesOf } from '../../shared/local-names';
import type { SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Service-centre binding (spec 000 §2 /serviceCenter and /serviceCenterManage/{userId}, §3, §5, §7; spec
 * 001 business-centre assignment): which business centres each user serves. Users are scoped by the
 * current role; the business-centre tree is the same for everyone.
 */

/** At least one user ('please select operating user'), comma-joined. */
export const operatingUserIds = z.string({ error: 'validation.selectOperatingUser' }).trim().min(1, { message: 'validation.selectOperatingUser' }).pipe(rules.idList);

/**
 * Checked nodes of the business-centre tree, comma-joined. At least one must be a leaf business centre
 * ('please select business center'); the server checks which are leaves.
 */
export const businessCentreIds = z.string({ error: 'validation.selectBusinessCentre' }).trim().min(1, { message: 'validation.selectBusinessCentre' }).pipe(rules.idList);

export const bindingRow = z.object({
  userId: z.number().int(),
  account: z.string(),
  name: z.string(),
  /** Comma-joined ids of the bound business centres. */
  deptIds: z.string(),
  /** Their names, comma-joined in the same order. */
  deptNames: z.string(),
  /** Who made the first binding and when; who changed it last and when (ISO 8601). */
  createBy: z.string(),
  createTime: z.string(),
  updateBy: z.string(),
  updateTime: z.string().nullable(),
});
export type BindingRow = z.infer<typeof bindingRow>;

/** The columns the binding list and the unbound users sort by (`sidx`); newest user first otherwise. */
export const BINDING_SORT_COLUMNS = ['account', 'name'] as const;
export type BindingSortColumn = (typeof BINDING_SORT_COLUMNS)[number];

export const accountEntry = z.object({ userId: z.number().int(), account: z.string(), name: z.string() });

export const serviceCenter = {
  list: endpoint({
    service: 'serviceCenter',
    summary: 'Users with their business centres',
    method: 'POST',
    path: '/sys/serviceCenter/list',
    access: Perm.serviceCenterView,
    mutation: false,
    input: z.object({
      ...pageInput,
      name: rules.filterText,
      account: rules.filterText,
      /** Users bound to this business centre or one below it. */
      deptId: rules.id.nullish(),
      ...sortInput(BINDING_SORT_COLUMNS),
    }),
    output: pageOf(bindingRow),
  }),
  unboundUsers: endpoint({
    service: 'serviceCenter',
    summary: 'Users inside the current role without a business centre',
    method: 'POST',
    path: '/sys/serviceCenter/listUnBindDeptUserList',
    access: Perm.serviceCenterSave,
    mutation: false,
    input: z.object({
      ...pageInput,
      /** The current role, when sent: it must be the role of the call. */
      roleId: rules.id.nullish(),
      account: rules.filterText,
      name: rules.filterText,
      ...sortInput(BINDING_SORT_COLUMNS),
    }),
    output: pageOf(accountEntry),
  }),
  binding: endpoint({
    service: 'serviceCenter',
    summary: "One user's business centres",
    method: 'POST',
    path: '/sys/serviceCenter/getBindDeptUserList/:userId',
    access: Perm.serviceCenterView,
    mutation: false,
    input: z.object({ userId: rules.id }),
    output: accountEntry.extend({ deptIds: z.array(z.number().int()) }),
  }),
  tree: endpoint({
    service: 'serviceCenter',
    summary: 'The business centres with the organisations above them',
    method: 'GET',
    path: '/sys/serviceCenter/tree',
    access: Perm.serviceCenterView,
    input: z.object({}),
    output: z.array(deptNode),
  }),
  save: endpoint({
    service: 'serviceCenter',
    summary: 'Bind users without business centres to business centres',
    method: 'POST',
    path: '/sys/serviceCenter/saveUserDept',
    access: Perm.serviceCenterSave,
    input: z.object({ deptIds: businessCentreIds, userIds: operatingUserIds }),
    output: z.null(),
  }),
  update: endpoint({
    service: 'serviceCenter',
    summary: "Replace users' business centres",
    method: 'POST',
    path: '/sys/serviceCenter/updateUserDept',
    access: Perm.serviceCenterUpdate,
    input: z.object({
      deptIds: businessCentreIds,
      userIds: z.array(rules.id, { error: 'validation.selectOperatingUser' }).min(1, { message: 'validation.selectOperatingUser' }).max(Limits.idListMax, { message: 'validation.idListTooMany' }),
    }),
    output: z.null(),
  }),
  delete: endpoint({
    service: 'serviceCenter',
    summary: "Remove users' business centres",
    method: 'POST',
    path: '/sys/serviceCenter/delete',
    access: Perm.serviceCenterDelete,
    input: z.object({ userIds: operatingUserIds }),
    output: undoTicket,
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of serviceCenter, in the five locales. */
export const serviceCenterNames: EndpointNamesOf<typeof serviceCenter> = {
  list: ['业务中心绑定列表', 'Business centre bindings', 'Geschäftsstellen-Zuordnungen', '業務センター紐付け一覧', '업무 센터 연결 목록'],
  unboundUsers: ['未绑定业务中心的用户', 'Users without business centre', 'Benutzer ohne Geschäftsstelle', '業務センター未設定のユーザー', '업무 센터 미연결 사용자'],
  binding: ['用户的业务中心', 'Business centres of a user', 'Geschäftsstellen eines Benutzers', 'ユーザーの業務センター', '사용자의 업무 센터'],
  tree: ['业务中心树', 'Business centre tree', 'Geschäftsstellenbaum', '業務センターツリー', '업무 센터 트리'],
  save: ['绑定业务中心', 'Bind business centres', 'Geschäftsstellen zuordnen', '業務センター紐付け', '업무 센터 연결'],
  update: ['更换业务中心', 'Replace business centres', 'Geschäftsstellen ersetzen', '業務センター変更', '업무 센터 변경'],
  delete: ['解除业务中心', 'Remove business centres', 'Geschäftsstellen entfernen', '業務センター解除', '업무 센터 해제'],
};

/** The fields of the user's business-centre binding snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const serviceCentreSnapshotFields = {
  userId: { label: 'common.user', ref: 'user' },
  deptIds: { label: 'serviceCenter.centres', ref: 'dept' },
} as const satisfies SnapshotFieldTable;
