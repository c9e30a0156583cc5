import { AppStatus, AppType } from '../../../shared/constants';
import { FirstChangePwd, appForm, type AppForm, type AppRecord } from '../contract';
import { issuesByField, splitFieldMessage } from '../../../renderer/components/form/record-form';
import type { RuleMessageKey } from '../../../renderer/i18n/message-key';

/**
 * The application form's values and rules (spec 001 §5 Application form): the contract's own schema
 * (`appForm`, the one the server validates with) judges what the form would send. Numbers are kept as
 * typed; the secret is no field: the server makes it and shows it once.
 */

export type AppTypeValue = (typeof AppType)[keyof typeof AppType];
export type AppStatusValue = (typeof AppStatus)[keyof typeof AppStatus];
export type FirstChangePwdValue = (typeof FirstChangePwd)[keyof typeof FirstChangePwd];

export type AppFormValues = {
  clientId: string;
  appName: string;
  appType: AppTypeValue | '';
  status: AppStatusValue;
  accessTokenValiditySeconds: string;
  refreshTokenValiditySeconds: string;
  passwordDay: string;
  ignoreCodeTimes: string;
  firstChangePwd: FirstChangePwdValue;
};

export type AppField = keyof AppFormValues;

export const APP_TYPES: readonly AppTypeValue[] = [AppType.Web, AppType.Server, AppType.Mobile, AppType.MobileWeb];

/** A new application: usable, the seeded console's lifetimes, no password expiry, a captcha after the first failure. */
export const NEW_APP_VALUES: AppFormValues = {
  clientId: '',
  appName: '',
  appType: '',
  status: AppStatus.Usable,
  accessTokenValiditySeconds: '7200',
  refreshTokenValiditySeconds: '604800',
  passwordDay: '0',
  ignoreCodeTimes: '0',
  firstChangePwd: FirstChangePwd.Usable,
};

export const APP_FIELDS = Object.keys(NEW_APP_VALUES) as AppField[];

function isAppType(value: string): value is AppTypeValue {
  return (APP_TYPES as readonly string[]).includes(value);
}

export function valuesOfRecord(record: AppRecord): AppFormValues {
  return {
    clientId: record.clientId,
    appName: record.appName,
    appType: isAppType(record.appType) ? record.appType : '',
    status: record.status === AppStatus.Stopped ? AppStatus.Stopped : AppStatus.Usable,
    accessTokenValiditySeconds: String(record.accessTokenValiditySeconds),
    refreshTokenValiditySeconds: String(record.refreshTokenValiditySeconds),
    passwordDay: String(record.passwordDay),
    ignoreCodeTimes: String(record.ignoreCodeTimes),
    firstChangePwd: record.firstChangePwd === FirstChangePwd.Stopped ? FirstChangePwd.Stopped : FirstChangePwd.Usable,
  };
}

/** A number as typed: blank is missing (required); text that is no whole number stays as typed, for the contract to refuse. */
export function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isNaN(value) ? Number.NaN : value;
}

/** The values as the contract reads them: blank numbers missing, the rest as typed. */
function draftOf(values: AppFormValues): Record<AppField, unknown> {
  return {
    clientId: values.clientId,
    appName: values.appName,
    appType: values.appType === '' ? undefined : values.appType,
    status: values.status,
    accessTokenValiditySeconds: numberOf(values.accessTokenValiditySeconds),
    refreshTokenValiditySeconds: numberOf(values.refreshTokenValiditySeconds),
    passwordDay: numberOf(values.passwordDay),
    ignoreCodeTimes: values.ignoreCodeTimes,
    firstChangePwd: values.firstChangePwd,
  };
}

/** The contract's verdict on the fields: the rule key of each field's first issue. */
export function contractIssues(values: AppFormValues): Partial<Record<AppField, RuleMessageKey>> {
  return issuesByField(appForm, draftOf(values), APP_FIELDS);
}

/** What the form sends (without id and version), once `contractIssues` found nothing. */
export function appPayload(values: AppFormValues): AppForm {
  return appForm.parse(draftOf(values));
}

/** A refusal the server pinned on a form field ('clientId: …'), split so the screen can name the field in its words. */
export function fieldOfServerMessage(msg: string): { field: AppField; text: string } | null {
  const pinned = splitFieldMessage(msg);
  return pinned && (APP_FIELDS as string[]).includes(pinned.field) ? { field: pinned.field as AppField, text: pinned.text } : null;
}
