import { ResponseCode } from '../shared/codes';

/** An error the caller caused or must hear about: becomes `{code, msg}` with msg in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    /** The input field the error is about: msg starts with it. */
    readonly field?: string,
    /** What the server's own log says about it; never sent to the caller. */
    readonly logDetail?: string,
  ) {
    super(`${code} ${key}`);
  }
}

export const Errors = {
  invalid: (field: string, key: string, params: Record<string, string | number> = {}) => new AppError(ResponseCode.InvalidInput, key, params, field),
  unauthorized: () => new AppError(ResponseCode.Unauthorized, 'error.unauthorized'),
  userDisabled: () => new AppError(ResponseCode.UserDisabled, 'error.userDisabled'),
  mustChangePassword: () => new AppError(ResponseCode.MustChangePassword, 'error.mustChangePassword'),
  badCredentials: () => new AppError(ResponseCode.BadCredentials, 'error.badCredentials'),
  accountLocked: (until: string) => new AppError(ResponseCode.AccountLocked, 'error.accountLocked', { until }),
  captchaRequired: () => new AppError(ResponseCode.CaptchaRequired, 'error.captchaRequired', {}, 'validCode'),
  captchaWrong: () => new AppError(ResponseCode.CaptchaWrong, 'error.captchaWrong', {}, 'validCode'),
  invalidClient: () => new AppError(ResponseCode.InvalidClient, 'error.invalidClient'),
  invalidGrant: () => new AppError(ResponseCode.InvalidGrant, 'error.invalidGrant'),
  forbidden: () => new AppError(ResponseCode.Forbidden, 'error.forbidden'),
  outOfScope: (field?: string) => new AppError(ResponseCode.OutOfScope, 'error.outOfScope', {}, field),
  roleNotHeld: () => new AppError(ResponseCode.RoleNotHeld, 'error.roleNotHeld'),
  notFound: (field?: string) => new AppError(ResponseCode.NotFound, 'error.notFound', {}, field),
  conflict: (field: string) => new AppError(ResponseCode.Conflict, 'error.conflict', {}, field),
  stale: () => new AppError(ResponseCode.StaleRecord, 'error.stale'),
  inUse: (key: string, params: Record<string, string | number> = {}) => new AppError(ResponseCode.InUse, key, params),
  wrongOldPassword: () => new AppError(ResponseCode.WrongOldPassword, 'error.wrongOldPassword', {}, 'password'),
  passwordUnchanged: () => new AppError(ResponseCode.PasswordUnchanged, 'error.passwordUnchanged', {}, 'newPassword'),
  thirdParty: (detail: string) => new AppError(ResponseCode.ThirdPartyError, 'error.thirdParty', {}, undefined, detail),
  caller: (key: string, params: Record<string, string | number> = {}) => new AppError(ResponseCode.CallerError, key, params),
};
