import { AREA_CATALOGUES, mergeAreaTables, type AreaPerms } from './area-catalogues';

/**
 * Permission keys: the `perms` of menus (view a screen) and buttons (do an action). The server's guards,
 * the seed menu tree and the renderer's permission gates all read them from here; each area declares its own
 * in its catalogue.ts. Key values are
 * letters or digits, at most 50 (spec 000 §5).
 */
export const Perm = mergeAreaTables(
  {},
  AREA_CATALOGUES.map((area) => area.perms),
  'permission key',
) as AreaPerms;

export type PermissionKey = (typeof Perm)[keyof typeof Perm];

export const ALL_PERMISSION_KEYS: readonly PermissionKey[] = Object.values(Perm);

export function isPermissionKey(value: string): value is PermissionKey {
  return (ALL_PERMISSION_KEYS as readonly string[]).includes(value);
}
