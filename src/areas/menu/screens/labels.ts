import { LinkTarget, MenuStatus, MenuType } from '../../../shared/constants';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import type { MenuField } from './menu-form';

/** The i18n keys that name the menu's coded values and fields. */

export const MENU_TYPES = [MenuType.System, MenuType.Menu, MenuType.Button] as const;
export const MENU_STATUSES = [MenuStatus.Usable, MenuStatus.Disabled] as const;
export const LINK_TARGETS = [LinkTarget.CurrentWindow, LinkTarget.Popup] as const;

export function menuTypeKey(type: number): MessageKey {
  if (type === MenuType.System) return 'common.system';
  return type === MenuType.Button ? 'menu.type.button' : 'menu.type.menu';
}

export function menuStatusKey(status: number): MessageKey {
  return status === MenuStatus.Disabled ? 'common.disabled' : 'menu.status.usable';
}

export function linkTargetKey(linkTarget: number): MessageKey {
  return linkTarget === LinkTarget.Popup ? 'menu.linkTarget.popup' : 'menu.linkTarget.current';
}

/** A field's label; perms is the system id of a system and the key value of a menu or button (spec 000 §3). */
export function fieldLabelKey(field: MenuField, type: number): MessageKey {
  if (field === 'perms') return type === MenuType.System ? 'menu.field.systemId' : 'menu.field.keyValue';
  return `menu.field.${field}`;
}
