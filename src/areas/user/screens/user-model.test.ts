import { describe, expect, it } from 'vitest';
import { UserStatus } from '../../../shared/constants';
import { orgNodesOf } from '../../../renderer/lib/org-nodes';
import { authorityProblems, companyTreeOf, singleUserProblem, statusLabelKey, userAddPayload, userUpdatePayload, type AuthorityDraft, type UserFormValues } from './user-model';

const draft = (key: string, classificationId: number, dataCode: string, dataName = 'Name'): AuthorityDraft => ({ key, classificationId, dataCode, dataName, topCode: '', topName: '' });

const values: UserFormValues = {
  username: ' east_ops ',
  name: ' Chen Tao ',
  password: 'Secret_123',
  email: ' chen@example.com ',
  mobile: '',
  deptId: 4,
  status: UserStatus.Disabled,
  resetPwdAllowed: false,
};

describe('organisation trees', () => {
  it('maps the role’s organisation tree to cascader nodes', () => {
    const tree = [
      { deptId: 1, parentId: null, name: 'Group', deptType: '0', businessCentre: false, children: [{ deptId: 2, parentId: 1, name: 'IT', deptType: '1', businessCentre: false, children: [] }] },
    ];
    expect(orgNodesOf(tree)).toEqual([{ id: 1, name: 'Group', children: [{ id: 2, name: 'IT', children: [] }] }]);
  });

  it('builds the company tree from the flat list, a company without a listed parent being a root', () => {
    const companies = [
      { deptId: 4, parentId: 1, name: 'East' },
      { deptId: 1, parentId: null, name: 'Group' },
      { deptId: 9, parentId: 8, name: 'South' },
    ];
    expect(companyTreeOf(companies)).toEqual([
      { id: 1, name: 'Group', children: [{ id: 4, name: 'East', children: [] }] },
      { id: 9, name: 'South', children: [] },
    ]);
  });
});

describe('list rules', () => {
  it('names status 1 enabled, 0 disabled and anything else unknown', () => {
    expect(statusLabelKey(1)).toBe('user.statusEnabled');
    expect(statusLabelKey(0)).toBe('common.disabled');
    expect(statusLabelKey(7)).toBe('common.unknown');
  });

  it('edit needs exactly one user: none is "select one row", several "only one user"', () => {
    expect(singleUserProblem(0)).toBe('message.selectOneRow');
    expect(singleUserProblem(2)).toBe('message.onlyOneUser');
    expect(singleUserProblem(1)).toBeNull();
  });
});

describe('data authority rules', () => {
  it('requires code and name, and refuses a code twice in one classification', () => {
    const problems = authorityProblems([draft('a', 1, 'SH01'), draft('b', 1, ' SH01 '), draft('c', 2, 'SH01'), draft('d', 1, '', '')], new Set([1, 2]));
    expect(problems).toEqual({
      b: { dataCode: 'validation.duplicate' },
      d: { dataCode: 'validation.required', dataName: 'validation.required' },
    });
  });

  it('flags classifications the organisation may not have, but not while they are unknown', () => {
    expect(authorityProblems([draft('a', 3, 'X')], new Set([1]))).toEqual({ a: { classificationId: 'validation.classificationNotForDept' } });
    expect(authorityProblems([draft('a', 3, 'X')], null)).toEqual({});
  });

  it('refuses codes longer than the contract allows', () => {
    expect(authorityProblems([draft('a', 1, 'x'.repeat(51))], new Set([1]))).toEqual({ a: { dataCode: 'validation.tooLong' } });
  });
});

describe('payloads', () => {
  const roles = [
    { roleId: 5, roleName: 'Ops', deptId: 4, deptName: 'East' },
    { roleId: 5, roleName: 'Ops', deptId: 4, deptName: 'East' },
    { roleId: 6, roleName: 'Audit', deptId: 1, deptName: 'Group' },
  ];

  it('add sends the trimmed fields, the password in clear (the core seals it), each role once and the authorities', () => {
    expect(userAddPayload(values, roles, [{ ...draft('a', 1, ' SH01 ', ' Shanghai '), topCode: ' E ', topName: '' }])).toEqual({
      username: 'east_ops',
      name: 'Chen Tao',
      password: 'Secret_123',
      email: 'chen@example.com',
      mobile: '',
      status: UserStatus.Disabled,
      deptId: 4,
      resetPwdAllowed: false,
      roleIdList: [5, 6],
      userDataAuthorityList: [{ classificationId: 1, dataCode: 'SH01', dataName: 'Shanghai', topCode: 'E', topName: '' }],
    });
  });

  it('update sends the id and version read, and never a password', () => {
    const payload = userUpdatePayload({ userId: 12, version: 3 }, { ...values, status: UserStatus.Enabled }, [], []);
    expect(payload).toMatchObject({ userId: 12, version: 3, status: UserStatus.Enabled, roleIdList: [], userDataAuthorityList: [] });
    expect(payload).not.toHaveProperty('password');
  });
});
