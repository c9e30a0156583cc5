import type { MenuNode, MenuRecord } from '../../areas/menu/contract';
import type { BridgeResult } from '../../shared/bridge';
import type { FakeBridge } from './fake-bridge';

/** Fixtures of the menu screens' tests: a small tree of one system, and a fake `api.call` answering by endpoint. */

export function menuNode(fields: Partial<MenuNode> & Pick<MenuNode, 'menuId' | 'name' | 'type' | 'perms'>): MenuNode {
  return { parentId: null, systemMenuId: null, url: '', orderNum: 0, status: 0, linkTarget: 0, icon: '', appFlag: '', sysVersion: '', version: 1, children: [], shownName: fields.name, ...fields };
}

/** Back office (system) › System (group) › Menus (page, with its Add button) and Dictionaries (a disabled page). */
export function sampleTree(): MenuNode[] {
  const addButton = menuNode({ menuId: 4, parentId: 3, systemMenuId: 1, name: 'Add menu', type: 2, perms: 'menuSave' });
  const menus = menuNode({ menuId: 3, parentId: 2, systemMenuId: 1, name: 'Menus', type: 1, perms: 'menuView', url: '/menu', children: [addButton] });
  const dictionaries = menuNode({ menuId: 5, parentId: 2, systemMenuId: 1, name: 'Dictionaries', type: 1, perms: 'dictView', url: '/dictionary', status: 1, orderNum: 1 });
  const group = menuNode({ menuId: 2, parentId: 1, systemMenuId: 1, name: 'System', type: 1, perms: 'systemGroup', url: '#system', children: [menus, dictionaries] });
  return [menuNode({ menuId: 1, name: 'Back office', type: 0, perms: 'backoffice', sysVersion: '1.0.1', children: [group] })];
}

export function recordOf(node: MenuNode, parentName = ''): MenuRecord {
  const { children: _children, shownName: _shownName, ...fields } = node;
  return { ...fields, parentName };
}

type Answer = BridgeResult<unknown> | ((input: unknown) => BridgeResult<unknown> | Promise<BridgeResult<unknown>>);

/** Answers `api.call(id, input)` from a table of endpoint ids; anything else succeeds with null. */
export function answerApiCalls(fake: FakeBridge, answers: Record<string, Answer>): void {
  fake.method('api.call').mockImplementation(async (id: unknown, input: unknown) => {
    const answer = answers[String(id)];
    if (answer === undefined) return { ok: true, data: null };
    return typeof answer === 'function' ? answer(input) : answer;
  });
}

/** The inputs `api.call` was called with for one endpoint. */
export function callsOf(fake: FakeBridge, id: string): unknown[] {
  return fake
    .method('api.call')
    .mock.calls.filter(([called]) => called === id)
    .map(([, input]) => input);
}
