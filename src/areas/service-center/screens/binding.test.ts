import { describe, expect, it } from 'vitest';
import type { DeptNode } from '../../user/contract';
import { orgNodesOf } from '../../../renderer/lib/org-nodes';
import { assignPath, assignProblem, checkedLeafIds, parseAssignAddress } from './binding';

const node = (deptId: number, name: string, children: DeptNode[] = []): DeptNode => ({
  deptId,
  parentId: null,
  name,
  deptType: children.length > 0 ? '0' : '1',
  businessCentre: children.length === 0,
  children,
});

// Group ─┬─ East ─┬─ Shanghai
//        │        └─ Hangzhou
//        └─ South ── Guangzhou
const centres: DeptNode[] = [node(1, 'Group', [node(2, 'East', [node(4, 'Shanghai'), node(5, 'Hangzhou')]), node(3, 'South', [node(6, 'Guangzhou')])])];

describe('the assign address', () => {
  it('reads add and update from type, and from the userId when type is missing', () => {
    expect(parseAssignAddress('null', 'add')).toEqual({ kind: 'add' });
    expect(parseAssignAddress('42', 'update')).toEqual({ kind: 'update', userId: 42 });
    expect(parseAssignAddress('null', null)).toEqual({ kind: 'add' });
    expect(parseAssignAddress('42', null)).toEqual({ kind: 'update', userId: 42 });
  });

  it('names the part of the address that is wrong', () => {
    expect(parseAssignAddress('42', 'add')).toEqual({ kind: 'invalid', messageKey: 'serviceCenter.addWithUserId', value: '42' });
    expect(parseAssignAddress('42', 'edit')).toEqual({ kind: 'invalid', messageKey: 'serviceCenter.invalidType', value: 'edit' });
    for (const bad of ['null', 'abc', '0', '-3', '1.5', '007', ' 7', '99999999999999999999', '']) {
      expect(parseAssignAddress(bad, 'update'), bad).toEqual({ kind: 'invalid', messageKey: 'serviceCenter.invalidUserId', value: bad });
    }
    expect(parseAssignAddress(undefined, null)).toEqual({ kind: 'invalid', messageKey: 'serviceCenter.invalidUserId', value: '' });
  });

  it('builds the addresses the list opens, which read back the same', () => {
    expect(assignPath({ kind: 'add' })).toBe('/serviceCenterManage/null?type=add');
    expect(assignPath({ kind: 'update', userId: 9 })).toBe('/serviceCenterManage/9?type=update');
  });
});

describe('the business-centre tree', () => {
  it('feeds the organisation select', () => {
    expect(orgNodesOf(centres)[0]).toMatchObject({
      id: 1,
      name: 'Group',
      children: [
        { id: 2, children: [{ id: 4 }, { id: 5 }] },
        { id: 3, children: [{ id: 6 }] },
      ],
    });
  });

  it('binds the checked leaves only, in tree order', () => {
    expect(checkedLeafIds(centres, new Set([6, 4]))).toEqual([4, 6]);
    expect(checkedLeafIds(centres, new Set([1, 2, 4, 5]))).toEqual([4, 5]);
    expect(checkedLeafIds(centres, new Set([2, 3]))).toEqual([]);
    expect(checkedLeafIds([], new Set([1]))).toEqual([]);
  });
});

describe('saving a binding (spec 000 §5)', () => {
  it('an add needs an operating user, every save a business centre', () => {
    expect(assignProblem('add', 0, 2)).toBe('message.selectOperatingUser');
    expect(assignProblem('add', 0, 0)).toBe('message.selectOperatingUser');
    expect(assignProblem('add', 2, 0)).toBe('message.selectBusinessCenter');
    expect(assignProblem('update', 0, 0)).toBe('message.selectBusinessCenter');
    expect(assignProblem('add', 1, 1)).toBeNull();
    expect(assignProblem('update', 1, 3)).toBeNull();
  });
});
