import type { CallInput } from '../../../shared/bridge';
import { UserStatus } from '../../../shared/constants';
import { dataAuthority, userAddForm, type HeldRoleEntry } from '../contract';
import { rules } from '../../../shared/rules';
import { issuesByField } from '../../../renderer/components/form/record-form';
import { requiredThen, ruleMessage } from '../../../renderer/components/form/rules';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { selectionProblem } from '../../../renderer/components/list/selection';
import type { OrgNode } from '../../../renderer/components/OrgCascader';

/** The pure rules of the user screens: organisation trees, status labels, data authority checks, payloads. */

/**
 * The companies a role sees come as a flat list with parentId; departments between them are left out,
 * so a company whose parent is not in the list is a root.
 */
export function companyTreeOf(companies: ReadonlyArray<{ deptId: number; parentId: number | null; name: string }>): OrgNode[] {
  const children = new Map<number | null, { deptId: number; name: string }[]>();
  const ids = new Set(companies.map((company) => company.deptId));
  for (const company of companies) {
    const parent = company.parentId !== null && ids.has(company.parentId) ? company.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), company]);
  }
  const build = (parent: number | null): OrgNode[] => (children.get(parent) ?? []).map((company) => ({ id: company.deptId, name: company.name, children: build(company.deptId) }));
  return build(null);
}

export function statusLabelKey(status: number): 'user.statusEnabled' | 'common.disabled' | 'common.unknown' {
  if (status === UserStatus.Enabled) return 'user.statusEnabled';
  if (status === UserStatus.Disabled) return 'common.disabled';
  return 'common.unknown';
}

/** Edit and change-organisation need exactly one user: none selected is 'select one row', several 'only one user'. */
export function singleUserProblem(count: number): 'message.selectOneRow' | 'message.onlyOneUser' | null {
  const problem = selectionProblem(count, 'exactlyOne');
  if (problem === 'message.selectOnlyOne') return 'message.onlyOneUser';
  return problem === 'message.selectOneRow' ? problem : null;
}

/** One row of data authority being edited; `key` keeps React rows stable while codes change. */
export interface AuthorityDraft {
  key: string;
  classificationId: number;
  dataCode: string;
  dataName: string;
  topCode: string;
  topName: string;
}

export type AuthorityField = 'classificationId' | 'dataCode' | 'dataName' | 'topCode' | 'topName';
export type AuthorityProblems = Record<string, Partial<Record<AuthorityField, MessageKey>>>;

const AUTHORITY_TEXT_FIELDS = ['dataCode', 'dataName', 'topCode', 'topName'] as const;

/**
 * The i18n key of each broken rule per row: the contract's own field rules, no data code twice in one
 * classification, and only classifications the user's organisation may have (`available`; null while unknown).
 */
export function authorityProblems(drafts: readonly AuthorityDraft[], available: ReadonlySet<number> | null): AuthorityProblems {
  const problems: AuthorityProblems = {};
  const seen = new Set<string>();
  for (const draft of drafts) {
    const row: Partial<Record<AuthorityField, MessageKey>> = {};
    for (const field of AUTHORITY_TEXT_FIELDS) {
      const message = ruleMessage(dataAuthority.shape[field], draft[field]);
      if (message) row[field] = message;
    }
    const identity = `${draft.classificationId}\u0000${draft.dataCode.trim()}`;
    if (!row.dataCode && seen.has(identity)) row.dataCode = 'validation.duplicate';
    seen.add(identity);
    if (available !== null && !available.has(draft.classificationId)) row.classificationId = 'validation.classificationNotForDept';
    if (Object.keys(row).length > 0) problems[draft.key] = row;
  }
  return problems;
}

export function authorityDraftsOf(saved: ReadonlyArray<Omit<AuthorityDraft, 'key'>>, nextKey: () => string): AuthorityDraft[] {
  return saved.map((item) => ({ key: nextKey(), classificationId: item.classificationId, dataCode: item.dataCode, dataName: item.dataName, topCode: item.topCode, topName: item.topName }));
}

export type UserFormValues = {
  username: string;
  name: string;
  /** Only on add: the initial password, in clear; the desktop core seals it before it leaves the machine. */
  password: string;
  email: string;
  mobile: string;
  deptId: number | null;
  status: number;
  resetPwdAllowed: boolean;
};

const USER_FORM_FIELDS = ['username', 'name', 'password', 'email', 'mobile', 'deptId', 'status', 'resetPwdAllowed'] as const satisfies readonly (keyof UserFormValues)[];

/** The contract's rules of the fields it sees as typed; the password it only sees sealed. */
const userFieldRules = userAddForm.pick({ username: true, name: true, email: true, mobile: true, status: true, deptId: true, resetPwdAllowed: true });

/**
 * The i18n key of each broken field rule: the contract's own (`userAddForm`, which the server validates
 * with), and for a new user the password rule on the initial password in clear.
 */
export function userFormIssues(values: UserFormValues, isNew: boolean): Partial<Record<keyof UserFormValues, MessageKey>> {
  const issues: Partial<Record<keyof UserFormValues, MessageKey>> = issuesByField(userFieldRules, values, USER_FORM_FIELDS);
  // A blank login name is asked for in the form's own words ('login name', not 'username').
  if (issues.username === 'validation.usernameRequired') issues.username = 'user.usernameRequired';
  if (isNew) {
    const password = ruleMessage(requiredThen('user.passwordRequired', rules.newPassword), values.password);
    if (password) issues.password = password;
  }
  return issues;
}

const FIELD_LABEL_KEYS: Readonly<Record<string, MessageKey>> = {
  username: 'common.loginName',
  name: 'common.personName',
  password: 'user.password',
  email: 'user.email',
  mobile: 'user.mobile',
  deptId: 'common.organisation',
  status: 'common.status',
  resetPwdAllowed: 'user.resetPwdAllowed',
  roleIdList: 'identity.roles',
  userDataAuthorityList: 'user.authoritySection',
};

/** The label of a field the server names in a refusal ('deptId: …'), or null for a name the form does not know. */
export function userFieldLabelKey(field: string): MessageKey | null {
  return Object.hasOwn(FIELD_LABEL_KEYS, field) ? (FIELD_LABEL_KEYS[field] ?? null) : null;
}

function commonFields(values: UserFormValues, roles: readonly HeldRoleEntry[], authorities: readonly AuthorityDraft[]) {
  if (values.deptId === null) throw new Error('the organisation is checked before a save');
  return {
    username: values.username.trim(),
    name: values.name.trim(),
    email: values.email.trim(),
    mobile: values.mobile.trim(),
    status: values.status === UserStatus.Disabled ? UserStatus.Disabled : UserStatus.Enabled,
    deptId: values.deptId,
    resetPwdAllowed: values.resetPwdAllowed,
    roleIdList: [...new Set(roles.map((role) => role.roleId))],
    userDataAuthorityList: authorities.map((item) => ({
      classificationId: item.classificationId,
      dataCode: item.dataCode.trim(),
      dataName: item.dataName.trim(),
      topCode: item.topCode.trim(),
      topName: item.topName.trim(),
    })),
  };
}

export function userAddPayload(values: UserFormValues, roles: readonly HeldRoleEntry[], authorities: readonly AuthorityDraft[]): CallInput<'user.add'> {
  return { ...commonFields(values, roles, authorities), password: values.password };
}

export function userUpdatePayload(
  record: { userId: number; version: number },
  values: UserFormValues,
  roles: readonly HeldRoleEntry[],
  authorities: readonly AuthorityDraft[],
): CallInput<'user.update'> {
  return { ...commonFields(values, roles, authorities), userId: record.userId, version: record.version };
}
