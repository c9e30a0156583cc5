import { LinkTarget, MenuStatus, MenuType } from '../../../shared/constants';
import { menuForm, type MenuForm, type MenuRecord } from '../contract';
import { issuesByField, splitFieldMessage } from '../../../renderer/components/form/record-form';
import type { RuleMessageKey } from '../../../renderer/i18n/message-key';

/**
 * The menu form's values and rules (spec 000 §5). The rules are the contract's own (`menuForm`, the
 * schema the server validates with): the form builds the payload it would send and reports each issue
 * under the field it names, so the screen and the server cannot disagree.
 */

export type LinkTargetValue = (typeof LinkTarget)[keyof typeof LinkTarget];
export type MenuStatusValue = (typeof MenuStatus)[keyof typeof MenuStatus];

export type MenuFormValues = {
  type: MenuType;
  name: string;
  parentId: number | null;
  url: string;
  linkTarget: LinkTargetValue;
  /** The system id of a system, the key value of a menu or button. */
  perms: string;
  /** As typed; blank means 0. */
  orderNum: string;
  status: MenuStatusValue;
  icon: string;
  appFlag: string;
  sysVersion: string;
};

export type MenuField = keyof MenuFormValues;

export const NEW_MENU_VALUES: MenuFormValues = {
  type: MenuType.Menu,
  name: '',
  parentId: null,
  url: '',
  linkTarget: LinkTarget.CurrentWindow,
  perms: '',
  orderNum: '0',
  status: MenuStatus.Usable,
  icon: '',
  appFlag: '',
  sysVersion: '',
};

export const MENU_FIELDS = Object.keys(NEW_MENU_VALUES) as MenuField[];

function isMenuField(name: string): name is MenuField {
  return Object.hasOwn(NEW_MENU_VALUES, name);
}

const TYPES: readonly MenuType[] = [MenuType.System, MenuType.Menu, MenuType.Button];

export function isMenuType(value: number): value is MenuType {
  return (TYPES as readonly number[]).includes(value);
}

export function valuesOfRecord(record: MenuRecord): MenuFormValues {
  return {
    type: isMenuType(record.type) ? record.type : MenuType.Menu,
    name: record.name,
    parentId: record.parentId,
    url: record.url,
    linkTarget: record.linkTarget === LinkTarget.Popup ? LinkTarget.Popup : LinkTarget.CurrentWindow,
    perms: record.perms,
    orderNum: String(record.orderNum),
    status: record.status === MenuStatus.Disabled ? MenuStatus.Disabled : MenuStatus.Usable,
    icon: record.icon,
    appFlag: record.appFlag,
    sysVersion: record.sysVersion,
  };
}

/**
 * The fields the form shows for a type, in the order it shows them (spec 000 §4: the type decides). A
 * system has no address, unlike spec 000 §5: it is entered through the identity dialog, never opened by
 * an address (see src/renderer/README.md, "Departures from the spec").
 */
export function fieldsOfType(type: MenuType): readonly MenuField[] {
  switch (type) {
    case MenuType.System:
      return ['type', 'name', 'perms', 'orderNum', 'status', 'icon', 'appFlag', 'sysVersion'];
    case MenuType.Menu:
      return ['type', 'name', 'parentId', 'url', 'linkTarget', 'perms', 'orderNum', 'status', 'icon'];
    case MenuType.Button:
      return ['type', 'name', 'parentId', 'perms', 'orderNum', 'status'];
  }
}

/**
 * The order number typed. Blank is 0; text that is no number becomes -1, which the contract's rule
 * refuses with its own message (a NaN would stop the contract before its cross-field rules).
 */
export function orderNumOf(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isNaN(value) ? -1 : value;
}

/** What the form sends: the fields of its type, and the others empty (as the server stores them). */
export function menuPayload(values: MenuFormValues): MenuForm {
  const shows = new Set(fieldsOfType(values.type));
  return {
    type: values.type,
    name: values.name,
    perms: values.perms,
    orderNum: orderNumOf(values.orderNum),
    status: values.status,
    parentId: shows.has('parentId') ? values.parentId : null,
    url: shows.has('url') ? values.url : '',
    linkTarget: shows.has('linkTarget') ? values.linkTarget : null,
    icon: shows.has('icon') ? values.icon : '',
    appFlag: shows.has('appFlag') ? values.appFlag : '',
    sysVersion: shows.has('sysVersion') ? values.sysVersion : '',
  };
}

/** The contract's verdict on the form: the i18n key of the first issue of each field. */
export function contractIssues(values: MenuFormValues): Partial<Record<MenuField, RuleMessageKey>> {
  return issuesByField(menuForm, menuPayload(values), MENU_FIELDS);
}

/** A refusal the server pinned on a field ('parentId: …'), split so the screen can name the field in its own words. */
export function fieldOfServerMessage(msg: string): { field: MenuField; text: string } | null {
  const pinned = splitFieldMessage(msg);
  return pinned && isMenuField(pinned.field) ? { field: pinned.field, text: pinned.text } : null;
}
