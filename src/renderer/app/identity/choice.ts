import type { SystemEntry } from '../../../shared/contract/session';
import { APP_FLAG_SINGLE } from '../../../shared/constants';

/** A system (by its menu id) and one of its roles: what every later call is scoped by. */
export interface IdentityChoice {
  systemMenuId: number;
  roleId: number;
}

export interface StoredChoice {
  systemMenuId: number | null;
  roleId: number | null;
}

/** The stored system and role, when the systems list still offers both. */
export function restoreChoice(systems: readonly SystemEntry[], stored: StoredChoice): IdentityChoice | null {
  const system = systems.find((entry) => entry.menuId === stored.systemMenuId);
  if (!system || !system.roleList.some((role) => role.roleId === stored.roleId)) return null;
  return { systemMenuId: system.menuId, roleId: stored.roleId as number };
}

/** Exactly one system: it is chosen with its first role, without asking. */
export function automaticChoice(systems: readonly SystemEntry[]): IdentityChoice | null {
  const only = systems.length === 1 ? systems[0] : undefined;
  const role = only?.roleList[0];
  return only && role ? { systemMenuId: only.menuId, roleId: role.roleId } : null;
}

/** The choice made without the identity dialog, if any: the stored one first, then the only system. */
export function initialChoice(systems: readonly SystemEntry[], candidates: readonly StoredChoice[]): IdentityChoice | null {
  for (const candidate of candidates) {
    const restored = restoreChoice(systems, candidate);
    if (restored) return restored;
  }
  return automaticChoice(systems);
}

/** A system whose appFlag contains 'single' exchanges the refresh token once after it is chosen (spec 000 §4). */
export function isSingleSystem(appFlag: string): boolean {
  return appFlag.includes(APP_FLAG_SINGLE);
}
