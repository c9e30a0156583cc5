import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RoleType } from '../../../shared/constants';
import type { MenuTreeNode } from '../contract';
import { grantedMenus, roleFormIssues, roleMenusToSend, rolePayload, roleValuesOf } from './role-model';
import { checkStates, setChecked } from '../../../renderer/components/tree/check-tree';
import { menuCheckNodes, menuPagesStandAlone, type MenuTreeNode as ShownMenu } from '../../../renderer/components/MenuCheckTree';
import { heldTrees } from '../../../renderer/testing/menu-trees';

const node = (menuId: number, type: number, children: MenuTreeNode[] = []): MenuTreeNode => ({ menuId, parentId: null, name: `m${menuId}`, type, children, enabled: true });
// A system (1) with a directory (2) holding a page (3) with two buttons (4, 5), and a second page (6).
const TREE = [node(1, 0, [node(2, 1, [node(3, 1, [node(4, 2), node(5, 2)]), node(6, 1)])])];
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describe('role form model', () => {
  it('checks the contract rules: name 3 to 30, organisation required', () => {
    expect(roleFormIssues({ roleName: 'ab', deptId: null, remark: '', roleType: RoleType.OwnSubtree })).toEqual({ roleName: 'validation.roleNameLength', deptId: 'validation.organizationRequired' });
    expect(roleFormIssues({ roleName: '', deptId: 3, remark: '', roleType: RoleType.OwnSubtree })).toEqual({ roleName: 'validation.required' });
    expect(roleFormIssues({ roleName: '调度员', deptId: 3, remark: '', roleType: RoleType.OwnSubtree })).toEqual({});
  });

  it('reads a saved role as it is: a page granted without its buttons stays granted and is sent again', () => {
    const granted = grantedMenus([1, 2, 3], []);
    expect(checkStates(menuCheckNodes(TREE), granted).get(3)).toBe('mixed');
    expect(sorted(roleMenusToSend(TREE, granted, true))).toEqual([1, 2, 3]);
  });

  it('keeps the fixed menus granted, and grants outside the tree only while the organisation and type stay', () => {
    expect(sorted(roleMenusToSend(TREE, grantedMenus([6, 1, 2], [4, 5]), true))).toEqual([1, 2, 4, 5, 6]);
    expect(sorted(roleMenusToSend(TREE, grantedMenus([1, 2, 6, 900], []), true))).toEqual([1, 2, 6, 900]);
    expect(sorted(roleMenusToSend(TREE, grantedMenus([1, 2, 6, 900], []), false))).toEqual([1, 2, 6]);
    expect(rolePayload({ ...roleValuesOf(null), roleName: '调度员', deptId: 7 }, [1, 2])).toEqual({ roleName: '调度员', deptId: 7, remark: '', roleType: RoleType.OwnSubtree, menuIdList: [1, 2] });
  });

  it('unticking the last button of a page keeps the page; unticking the page takes the parents left empty', () => {
    const nodes = menuCheckNodes(TREE);
    const standsAlone = menuPagesStandAlone(TREE);
    expect(sorted(setChecked(nodes, new Set([1, 2, 3, 4]), 4, false, standsAlone))).toEqual([1, 2, 3]);
    // The directory (2) holds menus: it goes with its last page, and the system with it.
    expect(sorted(setChecked(nodes, new Set([1, 2, 3]), 3, false, standsAlone))).toEqual([]);
    expect(sorted(setChecked(nodes, new Set([1, 2, 3, 6]), 3, false, standsAlone))).toEqual([1, 2, 6]);
  });
});

describe('role form round trip over generated menu trees', () => {
  it('load → save unchanged sends exactly what was loaded, and each node shows what is held of it', () => {
    fc.assert(
      fc.property(heldTrees, ({ tree, held }) => {
        const granted = grantedMenus(held, []);
        expect(sorted(roleMenusToSend(tree, granted, true))).toEqual(sorted(held));
        const states = checkStates(menuCheckNodes(tree), granted);
        const visit = (nodes: readonly ShownMenu[]): void => {
          for (const menu of nodes) {
            const ids = subtreeIds(menu);
            const heldBelow = ids.filter((id) => held.has(id)).length;
            const expected = heldBelow === ids.length ? true : heldBelow > 0 ? 'mixed' : undefined;
            expect(states.get(menu.menuId)).toBe(expected);
            visit(menu.children);
          }
        };
        visit(tree);
      }),
      { numRuns: 300 },
    );
  });

  it('ticking a button of a held page and unticking it again gives back what was loaded', () => {
    fc.assert(
      fc.property(heldTrees, fc.nat(), ({ tree, held }, pick) => {
        const buttons = tree.flatMap(function buttonsOf(menu): Array<{ id: number; page: number }> {
          return [...menu.children.filter((child) => child.type === 2).map((child) => ({ id: child.menuId, page: menu.menuId })), ...menu.children.flatMap(buttonsOf)];
        });
        const candidates = buttons.filter((button) => held.has(button.page) && !held.has(button.id));
        fc.pre(candidates.length > 0);
        const button = candidates[pick % candidates.length]!;
        const nodes = menuCheckNodes(tree);
        const standsAlone = menuPagesStandAlone(tree);
        const ticked = setChecked(nodes, grantedMenus(held, []), button.id, true, standsAlone);
        expect(sorted(setChecked(nodes, ticked, button.id, false, standsAlone))).toEqual(sorted(held));
      }),
      { numRuns: 300 },
    );
  });
});

function subtreeIds(menu: ShownMenu): number[] {
  return [menu.menuId, ...menu.children.flatMap(subtreeIds)];
}
