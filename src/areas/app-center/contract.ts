import { z } from 'zod';
import { AppStatus, AppType } from '../../shared/constants';
import { Perm } from '../../shared/permissions';
import { appRules, pageOf, rules } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Application centre (spec 001 §2 /appCenter and /centerMessage/{appId}, §3 Application, §5 Application
 * form, §7 Application centre): the OAuth clients the token endpoint reads. What is saved here is what the
 * next sign-in obeys: token lifetimes, passwordDay, ignoreCodeTimes and firstChangePwd. A secret is made by
 * the server, stored only as its SHA-256 hash and shown once, in the answer that made it (`appSecret`); a
 * client never types one.
 */

const requiredChoice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.oneOf') });

export const appType = requiredChoice([AppType.Server, AppType.Mobile, AppType.MobileWeb, AppType.Web]);
export const appStatus = requiredChoice([AppStatus.Usable, AppStatus.Stopped]);
/** '1' usable: a user must change an initial password before signing in; '0' stopped. */
export const FirstChangePwd = { Usable: '1', Stopped: '0' } as const;
export const firstChangePwd = requiredChoice([FirstChangePwd.Usable, FirstChangePwd.Stopped]);

const appFields = {
  clientId: appRules.clientId,
  appName: appRules.appName,
  appType,
  status: appStatus.default(AppStatus.Usable),
  accessTokenValiditySeconds: appRules.accessTokenValiditySeconds,
  refreshTokenValiditySeconds: appRules.refreshTokenValiditySeconds,
  passwordDay: appRules.passwordDay,
  ignoreCodeTimes: appRules.ignoreCodeTimes,
  firstChangePwd: firstChangePwd.default(FirstChangePwd.Usable),
};

type AppFields = z.output<z.ZodObject<typeof appFields>>;

/** A refresh token never ends before the access token it renews. */
function checkLifetimes(form: AppFields, ctx: z.RefinementCtx): void {
  if (form.refreshTokenValiditySeconds < form.accessTokenValiditySeconds) {
    ctx.addIssue({ code: 'custom', path: ['refreshTokenValiditySeconds'], message: 'validation.refreshShorterThanAccess', input: form.refreshTokenValiditySeconds });
  }
}

export const appForm = z.object(appFields).superRefine(checkLifetimes);
export type AppForm = z.input<typeof appForm>;

export const appUpdateForm = z.object({ id: rules.id, version: rules.version, ...appFields }).superRefine(checkLifetimes);
export type AppUpdateForm = z.input<typeof appUpdateForm>;

export const appRow = z.object({
  id: z.number().int(),
  clientId: z.string(),
  appName: z.string(),
  appType: z.string(),
  status: z.string(),
  accessTokenValiditySeconds: z.number().int(),
  /** ISO 8601. */
  createTime: z.string(),
  /** The console's own client (the desktop app signs in with it): it cannot be deleted, stopped or given a new secret. */
  builtIn: z.boolean(),
});
export type AppRow = z.infer<typeof appRow>;

export const appRecord = appRow.extend({
  refreshTokenValiditySeconds: z.number().int(),
  passwordDay: z.number().int(),
  ignoreCodeTimes: z.number().int(),
  firstChangePwd: z.string(),
  /** ISO 8601, null until first changed. */
  updateTime: z.string().nullable(),
  version: z.number().int(),
});
export type AppRecord = z.infer<typeof appRecord>;

/** A secret as its only showing: the caller keeps it now or makes a new one later. */
export const issuedSecret = z.object({ id: z.number().int(), clientId: z.string(), appSecret: z.string() });
export type IssuedSecret = z.infer<typeof issuedSecret>;

export const appCenter = {
  list: endpoint({
    service: 'appCenter',
    summary: 'Client applications by AppId and name, a page at a time',
    method: 'POST',
    path: '/sys/oauth/clients/list',
    access: Perm.appCenterView,
    mutation: false,
    input: z.object({
      page: rules.page,
      limit: rules.limit,
      /** Part of the AppId (clientId). */
      appId: rules.filterText,
      /** Part of the (Chinese) name. */
      appName: rules.filterText,
    }),
    output: pageOf(appRow),
  }),
  info: endpoint({
    service: 'appCenter',
    summary: 'One client application, for the form (never its secret)',
    method: 'GET',
    path: '/sys/oauth/clients/info/:id',
    access: Perm.appCenterView,
    input: z.object({ id: rules.id }),
    output: appRecord,
  }),
  add: endpoint({
    service: 'appCenter',
    summary: 'Add a client application; its secret is made here and shown this once',
    method: 'POST',
    path: '/sys/oauth/clients/save',
    access: Perm.appCenterSave,
    input: appForm,
    output: issuedSecret,
    secretOutput: true,
  }),
  update: endpoint({
    service: 'appCenter',
    summary: 'Update a client application (its secret stays)',
    method: 'POST',
    path: '/sys/oauth/clients/update',
    access: Perm.appCenterSave,
    input: appUpdateForm,
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  delete: endpoint({
    service: 'appCenter',
    summary: 'Delete a client application and end its sign-ins',
    method: 'DELETE',
    path: '/sys/oauth/clients/:id',
    access: Perm.appCenterDelete,
    input: z.object({ id: rules.id }),
    output: undoTicket,
  }),
  regenerateSecret: endpoint({
    service: 'appCenter',
    summary: 'Make a new secret for a client application, shown this once; the old one stops working',
    method: 'POST',
    path: '/sys/oauth/clients/secret',
    access: Perm.appCenterSave,
    input: z.object({ id: rules.id }),
    output: issuedSecret,
    secretOutput: true,
  }),
} as const;

/** How a list names an appType (spec 001 §2): code, app and webapp by name, anything else is a web application. */
export function appTypeKind(value: string): 'server' | 'mobile' | 'mobileWeb' | 'web' {
  if (value === AppType.Server) return 'server';
  if (value === AppType.Mobile) return 'mobile';
  if (value === AppType.MobileWeb) return 'mobileWeb';
  return 'web';
}

/** What interface monitoring, its filters and its export call each endpoint of appCenter, in the five locales. */
export const appCenterNames: EndpointNamesOf<typeof appCenter> = {
  list: ['应用列表', 'Application list', 'Anwendungsliste', 'アプリ一覧', '애플리케이션 목록'],
  info: ['应用详情', 'Application details', 'Anwendungsdetails', 'アプリ詳細', '애플리케이션 상세'],
  add: ['新增应用', 'Add application', 'Anwendung hinzufügen', 'アプリ追加', '애플리케이션 추가'],
  update: ['修改应用', 'Update application', 'Anwendung ändern', 'アプリ更新', '애플리케이션 수정'],
  delete: ['删除应用', 'Delete application', 'Anwendung löschen', 'アプリ削除', '애플리케이션 삭제'],
  regenerateSecret: ['重新生成应用密钥', 'New application secret', 'Neues Anwendungsgeheimnis', 'アプリシークレット再発行', '애플리케이션 시크릿 재발급'],
};

/** The fields of the application snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const appSnapshotFields = {
  ...RECORD_FIELDS,
  clientId: { label: 'appCenter.field.clientId' },
  appName: { label: 'appCenter.field.appName' },
  appType: { label: 'appCenter.field.appType' },
  status: { label: 'common.status' },
  accessTokenValiditySeconds: { label: 'appCenter.field.accessTokenValiditySeconds' },
  refreshTokenValiditySeconds: { label: 'appCenter.field.refreshTokenValiditySeconds' },
  passwordDay: { label: 'appCenter.field.passwordDay' },
  ignoreCodeTimes: { label: 'appCenter.field.ignoreCodeTimes' },
  firstChangePwd: { label: 'appCenter.field.firstChangePwd' },
} as const satisfies SnapshotFieldTable;
