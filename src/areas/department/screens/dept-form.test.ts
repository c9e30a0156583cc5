import { describe, expect, it } from 'vitest';
import { RoleType } from '../../../shared/constants';
import type { DeptRecord } from '../contract';
import { contractIssues, deptPayload, fieldOfServerMessage, initialParent, newDeptValues, shownFields, valuesOfRecord } from './dept-form';
import { deptIdsOf, deptTreeOf } from './dept-tree';
import { deptEditProblem } from './list-rules';

const record: DeptRecord = {
  deptId: 9,
  parentId: 4,
  parentName: 'East',
  name: 'Suzhou',
  deptType: '0',
  orderNum: 2,
  status: 1,
  businessCentre: false,
  deptPerson: 'Lin',
  telephone: '0512-1',
  companyAddress: 'Park',
  remake: '',
  companyType: 4,
  companyTypeName: 'East',
  companyCode: '91320594MA1XXXXX0Y',
  establishTime: '2020-05-01',
  legalPerson: 'Lin',
  registeredCapital: '1000',
  registeredAddress: 'Park road',
  sysDeptResourceEntityList: [{ slot: 1, resourceid: 31, resourceurl: '/api/sys/file/31' }],
  createName: 'admin',
  createTime: '2026-01-01T00:00:00.000Z',
  version: 3,
};

describe('the organisation form model', () => {
  it('fills the form from a record, the ID-card images by their side', () => {
    expect(valuesOfRecord(record)).toMatchObject({ name: 'Suzhou', deptType: '0', orderNum: '2', establishTime: '2020-05-01', idCardFront: null, idCardBack: 31 });
  });

  it('shows and sends the company-only fields and images for a company only', () => {
    const company = valuesOfRecord(record);
    expect(shownFields(company)).toContain('legalPerson');
    expect(deptPayload(company)).toMatchObject({ companyCode: '91320594MA1XXXXX0Y', sysDeptResourceEntityList: [{ slot: 1, resourceid: 31 }] });
    const department = { ...company, deptType: '1' as const };
    expect(shownFields(department)).not.toContain('legalPerson');
    expect(shownFields(department)).not.toContain('idCardFront');
    expect(deptPayload(department)).toMatchObject({ companyCode: '', establishTime: '', legalPerson: '', sysDeptResourceEntityList: [] });
  });

  it("reports the contract's rules under their fields", () => {
    expect(contractIssues(newDeptValues(null))).toEqual({ name: 'validation.orgNameRequired', deptType: 'validation.orgTypeRequired' });
    const values = { ...valuesOfRecord(record), name: 'S', companyCode: 'x', establishTime: '2999-01-01', orderNum: 'many' };
    expect(contractIssues(values)).toEqual({
      name: 'validation.orgNameLength',
      companyCode: 'validation.companyCode',
      establishTime: 'validation.establishAfterToday',
      orderNum: 'validation.orderNum',
    });
    expect(contractIssues(valuesOfRecord(record))).toEqual({});
  });

  it('pins server refusals on the fields the form shows', () => {
    expect(fieldOfServerMessage('parentId: outside the role')).toEqual({ field: 'parentId', text: 'outside the role' });
    expect(fieldOfServerMessage('sysDeptResourceEntityList: is not a file you uploaded')).toEqual({ field: 'idCardFront', text: 'is not a file you uploaded' });
    expect(fieldOfServerMessage('version: stale')).toBeNull();
  });

  it("starts a new organisation under the chosen row, else under the user's top organisation unless the role sees them all", () => {
    expect(initialParent('12', RoleType.OwnSubtree, 3, RoleType.AllOrganisations)).toBe(12);
    expect(initialParent('new', RoleType.OwnSubtree, 3, RoleType.AllOrganisations)).toBe(3);
    expect(initialParent('new', RoleType.AllOrganisations, 3, RoleType.AllOrganisations)).toBeNull();
    expect(initialParent('12', RoleType.AllOrganisations, 3, RoleType.AllOrganisations)).toBe(12);
  });
});

describe('the organisation list model', () => {
  const entry = (deptId: number, parentId: number | null, name: string) => ({
    deptId,
    parentId,
    name,
    deptType: '1',
    deptPerson: '',
    telephone: '',
    companyAddress: '',
    orderNum: 0,
    status: 1,
    createName: '',
    createTime: '',
  });

  it('builds the tree from the flat list; a row whose parent is not listed is a root', () => {
    const tree = deptTreeOf([entry(1, null, 'Group'), entry(2, 1, 'East'), entry(3, 2, 'Ops'), entry(7, 6, 'Orphan')]);
    expect(tree.map((row) => row.name)).toEqual(['Group', 'Orphan']);
    expect(tree[0]!.children[0]!.children[0]!.name).toBe('Ops');
    expect([...deptIdsOf(tree)].sort()).toEqual([1, 2, 3, 7]);
  });

  it('warns as the spec says when edit has no or several rows', () => {
    expect(deptEditProblem(0)).toBe('dept.selectOne');
    expect(deptEditProblem(2)).toBe('dept.onlyOne');
    expect(deptEditProblem(1)).toBeNull();
  });
});
