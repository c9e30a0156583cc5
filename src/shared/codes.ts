/**
 * Response codes of the `{code, msg, data}` envelope. The spec's own codes (00000, 00001, 401, 70001)
 * are kept as the spec writes them; everything else follows the Alibaba Java manual style:
 * A = caller error, B = server error, C = third-party error.
 */
export const ResponseCode = {
  Success: '00000',
  /** msg is exactly `User is disabled` (spec 000 §8). */
  UserDisabled: '00001',
  /** No session, an expired or revoked token (spec 000 §8): in the body, HTTP 200. */
  Unauthorized: '401',
  /** The password must be changed before signing in: first sign-in or expiry. */
  MustChangePassword: '70001',

  /** Generic caller error. */
  CallerError: 'A0001',
  /** Wrong username or password. */
  BadCredentials: 'A0210',
  /** Too many failures: the account is locked until a given time. */
  AccountLocked: 'A0211',
  /** The old password does not match. */
  WrongOldPassword: 'A0212',
  /** The new password is the same as the old one. */
  PasswordUnchanged: 'A0213',
  /** A captcha is required but missing, expired or wrong. */
  CaptchaRequired: 'A0240',
  CaptchaWrong: 'A0241',
  /** Unknown or disabled OAuth client, bad client secret, unsupported grant. */
  InvalidClient: 'A0250',
  InvalidGrant: 'A0251',
  /** The caller's role lacks the permission key of the endpoint. */
  Forbidden: 'A0301',
  /** An id lies outside what the current role may see. */
  OutOfScope: 'A0302',
  /** The role header is missing or names a role the user does not hold. */
  RoleNotHeld: 'A0303',
  /** Invalid input: msg names the field. */
  InvalidInput: 'A0400',
  /** The record does not exist. */
  NotFound: 'A0404',
  /** A unique value is already taken. */
  Conflict: 'A0409',
  /** The record changed since it was read (optimistic concurrency). */
  StaleRecord: 'A0410',
  /** The record is still referenced (children, members). */
  InUse: 'A0420',
  /** The request body is too large. */
  TooLarge: 'A0425',
  /** Too many requests from one caller. */
  RateLimited: 'A0501',

  ServerError: 'B0001',
  ThirdPartyError: 'C0001',
  /** The server could not be reached or did not answer in time: set by the client, never sent by the server. */
  Unreachable: 'C0002',
} as const;

export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

/** The exact msg the spec gives for a disabled user. */
export const USER_DISABLED_MSG = 'User is disabled';
