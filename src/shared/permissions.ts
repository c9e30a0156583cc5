import { AREA_CATALOGUES, mergeAreaTables, type AreaPerms } from './area-catalogues';

/**
 * Permission keys: the `perms` of menus (view a screen) and buttons (do an action). The server's guards,
 * the seed menu tree and the renderer's permission gates all read them from here; each area declares its own
 * in its catalogue.ts. Key values are letters or digits, at most 50 (spec 000 §5).
 */
export const Perm = mergeAreaTables(
  {},
  AREA_CATALOGUES.map((area) => area.perms),
  'permission key',
) as AreaPerms;

export type PermissionKey = (typeof Perm)[keyof typeof Perm];

export const ALL_PERMISSION_KEYS: readonly PermissionKey[] = Object.values(Perm);

/**
 * Keys that change records of the whole company, which no organisation owns (issue 46 L1): only a role of the
 * whole company (RoleType.AllOrganisations) uses them. A role of one organisation never holds them, whatever its
 * menus grant: the server refuses the call and the screen does not offer the button. docs/operations.md lists
 * the records and why each is company-wide.
 */
export const COMPANY_WIDE_KEYS: ReadonlySet<PermissionKey> = new Set<PermissionKey>([
  // Mail accounts: every organisation's mail goes out through the active one, with its stored password.
  Perm.mailAccountSave,
  Perm.mailAccountDelete,
  Perm.mailAccountActivate,
  // OAuth clients: the console's own sign-in policy (captcha, password validity, token lifetimes) among them.
  Perm.appCenterSave,
  Perm.appCenterDelete,
  // System API keys: each opens a system's published information to other systems; reading one is holding it.
  Perm.apiKeyView,
  Perm.apiKeySave,
  // Push providers: the company's apps, with their JPush Master Secrets.
  Perm.pushSave,
  Perm.pushDelete,
  // SMS templates and signatures: the one catalogue every organisation sends with.
  Perm.templateSave,
  Perm.templateDelete,
  Perm.templateActivate,
  Perm.signatureSave,
  Perm.signatureDelete,
  // Dictionaries and translations: the code lists and texts every screen of every organisation shows.
  Perm.dictSave,
  Perm.dictUpdate,
  Perm.dictDelete,
  Perm.i18nSave,
  Perm.i18nDelete,
  // Information articles and their categories: published to every user of a system, whatever their organisation.
  Perm.infoSave,
  Perm.infoUpdate,
  Perm.infoDelete,
  Perm.infoTop,
  Perm.infoDisplay,
  Perm.infoTypeSave,
  Perm.infoTypeUpdate,
  Perm.infoTypeDelete,
]);

export function isCompanyWideKey(key: string): boolean {
  return (COMPANY_WIDE_KEYS as ReadonlySet<string>).has(key);
}

export function isPermissionKey(value: string): value is PermissionKey {
  return (ALL_PERMISSION_KEYS as readonly string[]).includes(value);
}
