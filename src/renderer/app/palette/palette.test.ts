import { describe, expect, it } from 'vitest';
import { MenuType } from '../../../shared/constants';
import type { NavNode } from '../../../shared/contract/session';
import { Route } from '../../../shared/routes';
import { matchScreens, paletteScreens } from './palette';
import { commandOf, type KeyPress } from './shortcuts';

const node = (menuId: number, name: string, url: string, children: NavNode[] = [], orderNum = menuId): NavNode =>
  ({ menuId, name, url, type: MenuType.Menu, orderNum, children, linkTarget: 0, icon: '', perms: '' }) as unknown as NavNode;

const nav = [
  node(1, 'System', '', [node(11, 'Users', Route.user), node(12, 'Roles', Route.role)]),
  node(2, 'Messaging', '', [node(21, 'Mail accounts', Route.accountManage), node(22, 'User statistics', Route.userStatistics)]),
];

describe('the palette’s screens', () => {
  it('lists the pages under their menus, with their Chinese names and routes', () => {
    const screens = paletteScreens(nav, 'en_US');
    expect(screens.map((s) => [s.title, s.trail])).toEqual([
      ['Users', 'System'],
      ['Roles', 'System'],
      ['Mail accounts', 'Messaging'],
      ['User statistics', 'Messaging'],
    ]);
    expect(screens[0]!.keywords).toEqual(['Users', '用户管理', 'Users', Route.user]);
  });

  it('finds a screen by its name, its Chinese name or its route, names starting with the query first', () => {
    const screens = paletteScreens(nav, 'en_US');
    expect(matchScreens(screens, 'user').map((s) => s.title)).toEqual(['Users', 'User statistics']);
    expect(matchScreens(screens, 'statistics user').map((s) => s.title)).toEqual(['User statistics']);
    expect(matchScreens(screens, '邮箱').map((s) => s.title)).toEqual(['Mail accounts']);
    expect(matchScreens(screens, '/accountmanage').map((s) => s.title)).toEqual(['Mail accounts']);
    expect(matchScreens(screens, 'nothing like it')).toEqual([]);
    expect(matchScreens(screens, '  ')).toHaveLength(4);
  });
});

const press = (patch: Partial<KeyPress>): KeyPress => ({ key: '', code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...patch });

describe('keyboard commands', () => {
  it('reads Ctrl or ⌘ with K, / and Enter, and Alt with the tab keys by their physical key', () => {
    expect(commandOf(press({ key: 'k', code: 'KeyK', ctrlKey: true }), true)).toBe('palette');
    expect(commandOf(press({ key: 'k', code: 'KeyK', metaKey: true }), false)).toBe('palette');
    expect(commandOf(press({ key: '/', code: 'Slash', ctrlKey: true }), true)).toBe('shortcuts');
    expect(commandOf(press({ key: 'PageDown', altKey: true }), true)).toBe('nextTab');
    expect(commandOf(press({ key: 'PageUp', altKey: true }), false)).toBe('previousTab');
    expect(commandOf(press({ key: '∑', code: 'KeyW', altKey: true }), false)).toBe('closeTab');
    expect(commandOf(press({ key: 'T', code: 'KeyT', altKey: true, shiftKey: true }), false)).toBe('reopenTab');
    expect(commandOf(press({ key: 'Enter', ctrlKey: true }), true)).toBe('submitFilter');
  });

  it('takes a bare ? or / as text while the user types', () => {
    expect(commandOf(press({ key: '?', shiftKey: true }), false)).toBe('shortcuts');
    expect(commandOf(press({ key: '?', shiftKey: true }), true)).toBeNull();
    expect(commandOf(press({ key: '/' }), false)).toBe('focusFilter');
    expect(commandOf(press({ key: '/' }), true)).toBeNull();
    expect(commandOf(press({ key: 'w', code: 'KeyW', ctrlKey: true }), false)).toBeNull();
  });
});
