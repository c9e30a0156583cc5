/** Business constants of spec 000 §9 and 001 §9, written once. */

export const API_PREFIX = '/api';
export const API_VERSION = '1.0.1';
export const REQUEST_TIMEOUT_MS = 120_000;

export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;
/** The pager hides ellipsis items above this many pages. */
export const PAGER_ELLIPSIS_ABOVE = 5;

export const LOCALES = ['zh_CN', 'en_US', 'de_DE', 'ko_KR', 'ja_JP'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh_CN';

/**
 * The console's themes (Fluent UI's own light, dark and high-contrast themes); 'system' follows the operating
 * system's appearance and contrast setting. Remembered per workstation in the desktop settings.
 */
export const THEMES = ['system', 'light', 'dark', 'highContrast'] as const;
export type ThemeChoice = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeChoice = 'system';

/** Request headers of spec 000 §7, and the role header the server uses to scope a call. */
export const Header = {
  Timestamp: 'timestamp',
  Version: 'version',
  Language: 'language',
  Authorization: 'authorization',
  CacheControl: 'cache-control',
  Role: 'x-role-id',
  DeviceId: 'x-device-id',
  DeviceModel: 'x-device-model',
  AppId: 'x-app-id',
  /** The workstation's time zone (IANA), in which an export shows its times. */
  TimeZone: 'x-time-zone',
} as const;

export const Delay = {
  iframeReloadMs: 200,
  loginRedirectMs: 1000,
  formRedirectMs: 1500,
  sessionExpiredRedirectMs: 2000,
  httpErrorRedirectMs: 200,
  noticeRotateMs: 3000,
  noticeAnimationMs: 500,
  exportStartToastMs: 3000,
  exportFailedToastMs: 5000,
  /** Long enough to reach its "show in folder" button (hovering pauses it). */
  exportDoneToastMs: 15000,
  /** How often a signed-in console asks whether its role's grants changed (new menus and buttons without signing in again). */
  grantPollMs: 5000,
  /**
   * How old a kept list's rows may be when its tab comes back before it asks the server again: a change made
   * elsewhere shows within this time, a quick return shows the rows at once with no call (its own form's save
   * reloads it at once, whatever their age).
   */
  listStaleMs: 30_000,
} as const;

/** Top-menu button counts by window width (spec 000 §9). */
export const TOP_MENU_BREAKPOINTS: ReadonlyArray<{ maxWidth: number; buttons: number }> = [
  { maxWidth: 1365, buttons: 6 },
  { maxWidth: 1440, buttons: 7 },
  { maxWidth: 1680, buttons: 9 },
  { maxWidth: 1920, buttons: 12 },
  { maxWidth: Number.POSITIVE_INFINITY, buttons: 14 },
];

export const DialogWidth = { identity: 850, password: 430 } as const;
export const TABLE_MAX_HEIGHT = 500;

/** Menu types and flags (spec 000 §3). */
export const MenuType = { System: 0, Menu: 1, Button: 2 } as const;
export type MenuType = (typeof MenuType)[keyof typeof MenuType];
export const MenuStatus = { Usable: 0, Disabled: 1 } as const;
export const LinkTarget = { CurrentWindow: 0, Popup: 1 } as const;
export const APP_FLAG_SINGLE = 'single';

export const UserStatus = { Disabled: 0, Enabled: 1 } as const;

/** Role types: the first sees every organisation (and manages every system), the second its organisation's subtree. */
export const RoleType = { AllOrganisations: 1, OwnSubtree: 2 } as const;

/** Department types (spec 001 §3). */
export const DeptType = { Company: '0', Department: '1' } as const;
/** Business-centre tree type parameter (spec 001 §9). */
export const DeptTreeType = { Users: 1, Roles: 2 } as const;
/** The two ID-card images of a company (spec 001 §3 sysDeptResourceEntityList): 0 front, 1 back. */
export const IdCardSlot = { Front: 0, Back: 1 } as const;
/** What an uploaded file is for (sys_file.purpose): its accepted types, size limit and readers follow from it. */
export const FilePurpose = { IdCard: 'idCard', ArticleImage: 'articleImage', DictionaryImport: 'dictionaryImport', I18nImport: 'i18nImport', MailAttachment: 'mailAttachment' } as const;
export type FilePurpose = (typeof FilePurpose)[keyof typeof FilePurpose];

/** Application centre (spec 001 §3). */
export const AppType = { Server: 'code', Mobile: 'app', MobileWeb: 'webapp', Web: 'pc' } as const;
export const AppStatus = { Usable: '0', Stopped: '1' } as const;

/** Dictionary status and updatable flag (spec 001 §3, §9). */
export const DictStatus = { Use: '1', Stop: '0' } as const;
export const DictUpdatable = { Yes: '1', No: '0' } as const;
/** Multilingual text status (spec 001 §3, §4): 1 usable, 2 unusable; only usable texts translate. */
export const I18nStatus = { Usable: 1, Unusable: 2 } as const;
/** What an import does with a row of the file. */
export const ImportAction = { Add: 'add', Change: 'change', Refuse: 'refuse' } as const;
/** The media type of an .xlsx file (exports, imports). */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sign-in lockout: waits grow with each lock, capped. */
export const LOCKOUT = {
  failuresBeforeLock: 5,
  firstLockSeconds: 60,
  growthFactor: 4,
  maxLockSeconds: 24 * 3600,
} as const;

/** However often its refresh token rotates, one sign-in (a token family) ends after this long. */
export const TOKEN_FAMILY_MAX_SECONDS = 30 * 86_400;

/** The operation location of a private, loopback or link-local caller address: screens show it translated ("local network"). */
export const LOCAL_NETWORK_LOCATION = 'local-network';

export const CAPTCHA_TTL_SECONDS = 300;
/** How long after a delete its toast offers Undo; after it the delete is final. */
export const UNDO_WINDOW_SECONDS = 10;
/** What the server adds to the window for the round trip of an Undo clicked at its last moment, no more. */
export const UNDO_GRACE_SECONDS = 2;
/** How long a messenger binding ticket waits for the password sign-in that redeems it. */
export const BIND_TICKET_TTL_SECONDS = 600;
export const CAPTCHA_LENGTH = 4;

/**
 * Why the operation log's hash chain is broken: `row`, a row that does not follow from its fields and the row before
 * (edited, or the row before it deleted); `tail`, rows missing after the last one (the anchored head names a later
 * row); `head`, the head missing or not verifying under the server's key (altered, or a different key).
 */
export const CHAIN_BREAK_CAUSES = ['row', 'tail', 'head'] as const;
export type ChainBreak = (typeof CHAIN_BREAK_CAUSES)[number];
