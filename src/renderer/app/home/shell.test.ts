import { describe, expect, it } from 'vitest';
import type { NavNode } from '../../../shared/contract/session';
import { Route } from '../../../shared/routes';
import { greetingKey } from './greeting';
import { externalAddressPath, menuTarget } from './nav';
import { describeTab } from './tab-screen';
import { splitTopMenu, topMenuButtonCount } from './top-menu';

describe('top menu by window width (spec 000 §9)', () => {
  it.each([
    [1024, 6],
    [1365, 6],
    [1366, 7],
    [1440, 7],
    [1441, 9],
    [1680, 9],
    [1681, 12],
    [1920, 12],
    [1921, 14],
    [3840, 14],
  ])('%i px shows %i buttons', (width, buttons) => {
    expect(topMenuButtonCount(width)).toBe(buttons);
  });

  it('puts the rest under more', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(splitTopMenu(items, 1280)).toEqual({ shown: [0, 1, 2, 3, 4, 5], more: [6, 7, 8, 9] });
    expect(splitTopMenu(items, 1920)).toEqual({ shown: items, more: [] });
  });
});

describe('greeting by hour (spec 000 §4)', () => {
  it.each([
    [0, 'morning'],
    [11, 'morning'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [18, 'afternoon'],
    [19, 'evening'],
    [23, 'evening'],
  ])('%i o’clock is %s', (hour, part) => {
    expect(greetingKey(hour)).toBe(`home.greeting.${part}`);
  });
});

const node = (menuId: number, name: string, url: string, children: NavNode[] = [], linkTarget = 0): NavNode => ({
  menuId,
  parentId: 0,
  name,
  url,
  type: 1,
  orderNum: menuId,
  icon: '',
  linkTarget,
  perms: '',
  children,
});

describe('menu targets', () => {
  it('opens known routes, sends unknown ones to the in-shell 404', () => {
    expect(menuTarget(node(1, 'Users', '/user'))).toEqual({ kind: 'tab', path: '/user' });
    expect(menuTarget(node(1, 'Users', 'user'))).toEqual({ kind: 'tab', path: '/user' });
    expect(menuTarget(node(1, 'Nowhere', '/no-such-screen'))).toEqual({ kind: 'tab', path: Route.inNotFound });
    expect(menuTarget(node(1, 'Blank', ''))).toEqual({ kind: 'tab', path: Route.inNotFound });
  });

  it('opens external addresses in a tab, or a pop-up window for linkTarget 1', () => {
    expect(menuTarget(node(1, 'Docs', 'https://docs.example.com/a?b=1'))).toEqual({ kind: 'tab', path: externalAddressPath('https://docs.example.com/a?b=1') });
    expect(menuTarget(node(1, 'Docs', 'http://docs.example.com', [], 1))).toEqual({ kind: 'popup', url: 'http://docs.example.com' });
    expect(menuTarget(node(1, 'Script', 'javascript:alert(1)'))).toEqual({ kind: 'tab', path: Route.inNotFound });
  });
});

describe('what a tab shows', () => {
  const nav = [node(10, 'System', '', [node(11, 'Menus', '/menu'), node(12, 'Docs', 'https://docs.example.com')])];

  it('a list screen: its menu names it and scopes its permissions', () => {
    expect(describeTab('/menu', nav)).toMatchObject({ kind: 'feature', menuName: 'Menus', permissionMenuId: 11, titleKey: 'route./menu' });
  });

  it('a form screen: its own title, the permissions of its list menu, its route pattern', () => {
    expect(describeTab('/menuManage/5', nav)).toMatchObject({ kind: 'feature', menuName: null, permissionMenuId: 11, titleKey: 'route./menuManage/:menuId', pathname: '/menuManage/5' });
  });

  it('a screen, or its form, that no menu of the role leads to: no access, and no menu to ask permissions of', () => {
    expect(describeTab('/user', nav)).toMatchObject({ kind: 'noAccess', permissionMenuId: null, titleKey: 'route./user' });
    expect(describeTab('/userManage/3', nav)).toMatchObject({ kind: 'noAccess', permissionMenuId: null });
  });

  it('an external page: the menu of its address, or none for a typed address', () => {
    expect(describeTab(externalAddressPath('https://docs.example.com'), nav)).toMatchObject({ kind: 'external', menuName: 'Docs', externalUrl: 'https://docs.example.com' });
    expect(describeTab(externalAddressPath('https://other.example.com'), nav)).toMatchObject({ kind: 'external', menuName: null, externalUrl: 'https://other.example.com' });
  });

  it('the in-shell 404', () => {
    expect(describeTab(Route.inNotFound, nav)).toMatchObject({ kind: 'notFound', permissionMenuId: null });
  });
});
