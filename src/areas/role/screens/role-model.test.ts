import { describe, expect, it } from 'vitest';
import { RoleType } from '../../../shared/constants';
import type { MenuTreeNode } from '../contract';
import { checkedMenus, roleFormIssues, rolePayload, roleValuesOf } from './role-model';
import { menuIdsToSend } from '../../../renderer/components/MenuCheckTree';

const node = (menuId: number, children: MenuTreeNode[] = []): MenuTreeNode => ({ menuId, parentId: null, name: `m${menuId}`, type: 1, enabled: true, children });
// A system (1) with a group (2) holding a page (3) with two buttons (4, 5), and a second page (6).
const TREE = [node(1, [node(2, [node(3, [node(4), node(5)]), node(6)])])];

describe('role form model', () => {
  it('checks the contract rules: name 3 to 30, organisation required', () => {
    expect(roleFormIssues({ roleName: 'ab', deptId: null, remark: '', roleType: RoleType.OwnSubtree })).toEqual({ roleName: 'validation.roleNameLength', deptId: 'validation.organizationRequired' });
    expect(roleFormIssues({ roleName: '', deptId: 3, remark: '', roleType: RoleType.OwnSubtree })).toEqual({ roleName: 'validation.required' });
    expect(roleFormIssues({ roleName: '调度员', deptId: 3, remark: '', roleType: RoleType.OwnSubtree })).toEqual({});
  });

  it('reads a saved role: half-checked parents do not check their children', () => {
    const checked = checkedMenus(TREE, [1, 2, 3, 4], []);
    expect([...checked].sort()).toEqual([4]);
    expect(menuIdsToSend(TREE, checked).sort()).toEqual([1, 2, 3, 4]);
  });

  it('sends checked and half-checked ids together, and keeps the fixed menus checked', () => {
    const checked = checkedMenus(TREE, [6], [4, 5]);
    expect(menuIdsToSend(TREE, checked).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rolePayload({ ...roleValuesOf(null), roleName: '调度员', deptId: 7 }, [1, 2])).toEqual({ roleName: '调度员', deptId: 7, remark: '', roleType: RoleType.OwnSubtree, menuIdList: [1, 2] });
  });
});
