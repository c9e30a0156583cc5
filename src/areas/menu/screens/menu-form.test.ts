import { describe, expect, it } from 'vitest';
import { LinkTarget, MenuStatus, MenuType } from '../../../shared/constants';
import { NEW_MENU_VALUES, contractIssues, fieldOfServerMessage, fieldsOfType, menuPayload, orderNumOf, valuesOfRecord, type MenuFormValues } from './menu-form';
import { parentOptions, parentProblem } from './menu-tree';
import { recordOf, sampleTree } from '../../../renderer/testing/menu-fixtures';

const form = (patch: Partial<MenuFormValues>): MenuFormValues => ({ ...NEW_MENU_VALUES, ...patch });
const validMenu = form({ name: '仓储看板', parentId: 2, url: '/warehouse', perms: 'warehouseView' });

describe('menu form rules (spec 000 §5, from the contract)', () => {
  it('a complete menu passes', () => {
    expect(contractIssues(validMenu)).toEqual({});
  });

  it('name is 2 to 20 characters, and required', () => {
    expect(contractIssues({ ...validMenu, name: 'a' }).name).toBe('validation.nameLength');
    expect(contractIssues({ ...validMenu, name: 'x'.repeat(21) }).name).toBe('validation.nameLength');
    expect(contractIssues({ ...validMenu, name: '  ' }).name).toBe('validation.required');
    expect(contractIssues({ ...validMenu, name: 'ab' }).name).toBeUndefined();
  });

  it('the key value is required, letters or digits, at most 50', () => {
    expect(contractIssues({ ...validMenu, perms: '' }).perms).toBe('validation.required');
    expect(contractIssues({ ...validMenu, perms: 'has-dash' }).perms).toBe('validation.keyValuePattern');
    expect(contractIssues({ ...validMenu, perms: 'k'.repeat(51) }).perms).toBe('validation.keyValueMax');
    expect(contractIssues({ ...validMenu, perms: 'k'.repeat(50) }).perms).toBeUndefined();
  });

  it('a menu needs a parent and an address; the cross-field rules hold while other fields are wrong too', () => {
    const issues = contractIssues({ ...validMenu, name: 'a', parentId: null, url: ' ' });
    expect(issues).toMatchObject({ name: 'validation.nameLength', parentId: 'validation.required', url: 'validation.required' });
  });

  it('a button needs a parent but no address, and a system needs neither', () => {
    expect(contractIssues(form({ type: MenuType.Button, name: '导出', perms: 'export', url: '/typed/before' }))).toEqual({ parentId: 'validation.required' });
    expect(contractIssues(form({ type: MenuType.System, name: '仓储系统', perms: 'warehouse', parentId: 7, url: '/typed/before' }))).toEqual({});
  });

  it('the order is a whole number from 0 to 99999; blank is 0', () => {
    expect(orderNumOf('')).toBe(0);
    expect(orderNumOf(' 12 ')).toBe(12);
    expect(contractIssues({ ...validMenu, orderNum: 'abc' }).orderNum).toBe('validation.orderNum');
    expect(contractIssues({ ...validMenu, orderNum: '1.5' }).orderNum).toBe('validation.orderNum');
    expect(contractIssues({ ...validMenu, orderNum: '100000' }).orderNum).toBe('validation.orderNum');
    expect(contractIssues({ ...validMenu, orderNum: '99999' }).orderNum).toBeUndefined();
  });

  it('icon, flag and version are bounded', () => {
    expect(contractIssues({ ...validMenu, icon: 'i'.repeat(51) }).icon).toBe('validation.tooLong');
    const system = form({ type: MenuType.System, name: '仓储系统', perms: 'warehouse' });
    expect(contractIssues({ ...system, sysVersion: 'v'.repeat(21) }).sysVersion).toBe('validation.tooLong');
    expect(contractIssues({ ...system, appFlag: 'f'.repeat(51) }).appFlag).toBe('validation.tooLong');
  });
});

describe('fields and payload by type', () => {
  // Spec 000 §5 asks for an address on every type but buttons. A system is entered through the identity
  // dialog and never opened by an address (the shell has nothing to open it with), so a required address
  // would be a value nobody uses: the form neither shows nor sends one (src/renderer/README.md, "Departures").
  it('a system has no address: it is chosen in the identity dialog, never opened by one', () => {
    expect(fieldsOfType(MenuType.System)).not.toContain('url');
    const system = { ...NEW_MENU_VALUES, type: MenuType.System, name: '仓储系统', perms: 'warehouse', url: '/typed/before/switching' };
    expect(menuPayload(system).url).toBe('');
    expect(contractIssues(system).url).toBeUndefined();
  });

  it('shows what each type has', () => {
    expect(fieldsOfType(MenuType.System)).toEqual(['type', 'name', 'perms', 'orderNum', 'status', 'icon', 'appFlag', 'sysVersion']);
    expect(fieldsOfType(MenuType.Menu)).toEqual(['type', 'name', 'parentId', 'url', 'linkTarget', 'perms', 'orderNum', 'status', 'icon']);
    expect(fieldsOfType(MenuType.Button)).toEqual(['type', 'name', 'parentId', 'perms', 'orderNum', 'status']);
  });

  it('sends the fields of the type and the others empty', () => {
    const typed = { name: '导出', parentId: 3, url: '/left/over', linkTarget: LinkTarget.Popup, perms: 'export', orderNum: '2', icon: 'x', appFlag: 'single', sysVersion: '2.0' };
    expect(menuPayload(form({ ...typed, type: MenuType.Button }))).toEqual({
      type: MenuType.Button,
      name: '导出',
      parentId: 3,
      url: '',
      linkTarget: null,
      perms: 'export',
      orderNum: 2,
      status: MenuStatus.Usable,
      icon: '',
      appFlag: '',
      sysVersion: '',
    });
    expect(menuPayload(form({ ...typed, type: MenuType.System }))).toMatchObject({ parentId: null, url: '', linkTarget: null, icon: 'x', appFlag: 'single', sysVersion: '2.0' });
    expect(menuPayload(form({ ...typed, type: MenuType.Menu }))).toMatchObject({ parentId: 3, url: '/left/over', linkTarget: LinkTarget.Popup, icon: 'x', appFlag: '', sysVersion: '' });
  });

  it('fills the form from a stored menu', () => {
    const dictionaries = sampleTree()[0]!.children[0]!.children[1]!;
    expect(valuesOfRecord(recordOf(dictionaries, 'System'))).toEqual({
      type: MenuType.Menu,
      name: 'Dictionaries',
      parentId: 2,
      url: '/dictionary',
      linkTarget: LinkTarget.CurrentWindow,
      perms: 'dictView',
      orderNum: '1',
      status: MenuStatus.Disabled,
      icon: '',
      appFlag: '',
      sysVersion: '',
    });
  });

  it('reads the field a server refusal names', () => {
    expect(fieldOfServerMessage("parentId: a button's parent must be a menu")).toEqual({ field: 'parentId', text: "a button's parent must be a menu" });
    expect(fieldOfServerMessage('Delete the child menus first')).toBeNull();
    expect(fieldOfServerMessage('menuIds: must be ids separated by commas')).toBeNull();
  });
});

describe('parent choice', () => {
  const tree = sampleTree();

  it('a menu may go under a system or a menu, a button only under a menu; buttons hold nothing', () => {
    expect(parentOptions(tree, MenuType.Menu, null).map((o) => [o.name, o.depth, o.selectable])).toEqual([
      ['Back office', 0, true],
      ['System', 1, true],
      ['Menus', 2, true],
      ['Dictionaries', 2, true],
    ]);
    expect(
      parentOptions(tree, MenuType.Button, null)
        .filter((o) => o.selectable)
        .map((o) => o.name),
    ).toEqual(['System', 'Menus', 'Dictionaries']);
    expect(parentOptions(tree, MenuType.Menu, null)[2]!.path).toBe('Back office / System / Menus');
  });

  it('an edited menu is offered neither itself nor anything below it', () => {
    expect(parentOptions(tree, MenuType.Menu, 2).map((o) => o.name)).toEqual(['Back office']);
  });

  it('names what is wrong with a chosen parent', () => {
    expect(parentProblem(tree, MenuType.Button, 1, null)).toBe('validation.buttonParent');
    expect(parentProblem(tree, MenuType.Menu, 4, null)).toBe('validation.menuParent');
    expect(parentProblem(tree, MenuType.Menu, 3, 2)).toBe('validation.menuCycle');
    expect(parentProblem(tree, MenuType.Button, 3, null)).toBeNull();
    expect(parentProblem(tree, MenuType.Menu, null, null)).toBeNull();
    expect(parentProblem(undefined, MenuType.Button, 1, null)).toBeNull();
  });
});
