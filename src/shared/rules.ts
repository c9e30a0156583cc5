import { z } from 'zod';
import { CAPTCHA_LENGTH, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/**
 * Validation rules of spec 000 §5 and 001 §5, written once. Each message is an i18n key
 * (`validation.*`, see `src/shared/i18n`): the server renders it into `msg` in the caller's language
 * with the field's name in front, the renderer's forms render it under the field.
 */

export const Limits = {
  usernameMax: 32,
  loginPasswordMin: 5,
  loginPasswordMax: 16,
  newPasswordMax: 16,
  menuNameMin: 2,
  menuNameMax: 20,
  keyValueMax: 50,
  personNameMax: 50,
  emailMax: 100,
  mobileMax: 20,
  urlMax: 500,
  /** Ids joined with commas in one field (batch delete). */
  idListMax: 1000,
  /** A name in any language of the multilingual text. */
  translatedNameMax: 200,
  menuIconMax: 50,
  appFlagMax: 50,
  sysVersionMax: 20,
  orderNumMax: 99_999,
  /** Roles granted to one user in one save. */
  rolesPerUserMax: 100,
  /** Data authorities granted to one user in one save. */
  dataAuthoritiesPerUserMax: 500,
  dataCodeMax: 50,
  dataNameMax: 100,
} as const;

export const Patterns = {
  /** Digits, letters, underscore and @. */
  username: /^[A-Za-z0-9_@]+$/,
  /** Digits, letters and special characters: printable ASCII without spaces. */
  loginPassword: /^[\x21-\x7E]+$/,
  /** 8 to 16 of letters, digits and _!@#$, with at least one digit, one upper- and one lower-case letter. */
  newPassword: /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[A-Za-z\d_!@#$]{8,16}$/,
  captcha: new RegExp(`^[A-Za-z0-9]{${CAPTCHA_LENGTH}}$`),
  /** System id and key value: letters or digits. */
  keyValue: /^[A-Za-z0-9]+$/,
  /** Non-negative integer without leading zeros. */
  plainCount: /^(0|[1-9]\d*)$/,
  idList: /^\d+(,\d+)*$/,
} as const;

const required = 'validation.required';

export const rules = {
  loginUsername: z
    .string({ error: required })
    .trim()
    .min(1, { message: 'validation.usernameRequired' })
    .max(Limits.usernameMax, { message: 'validation.usernameMax' })
    .regex(Patterns.username, { message: 'validation.usernamePattern' }),
  loginPassword: z
    .string({ error: required })
    .min(Limits.loginPasswordMin, { message: 'validation.passwordMin' })
    .max(Limits.loginPasswordMax, { message: 'validation.passwordMax' })
    .regex(Patterns.loginPassword, { message: 'validation.passwordPattern' }),
  newPassword: z.string({ error: required }).min(1, { message: 'validation.newPasswordRequired' }).regex(Patterns.newPassword, { message: 'validation.newPasswordRule' }),
  captcha: z.string({ error: required }).regex(Patterns.captcha, { message: 'validation.captchaFormat' }),
  menuName: z
    .string({ error: required })
    .trim()
    .min(1, { message: 'validation.required' })
    .min(Limits.menuNameMin, { message: 'validation.nameLength' })
    .max(Limits.menuNameMax, { message: 'validation.nameLength' }),
  keyValue: z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .max(Limits.keyValueMax, { message: 'validation.keyValueMax' })
    .regex(Patterns.keyValue, { message: 'validation.keyValuePattern' }),
  personName: z.string({ error: required }).trim().min(1, { message: required }).max(Limits.personNameMax, { message: 'validation.tooLong' }),
  /** An e-mail address that may be left blank; when given it must be valid. */
  optionalEmail: z
    .string({ error: 'validation.email' })
    .trim()
    .max(Limits.emailMax, { message: 'validation.tooLong' })
    .refine((s) => s === '' || z.email().safeParse(s).success, { message: 'validation.email' }),
  mobile: z.string().trim().max(Limits.mobileMax, { message: 'validation.tooLong' }),
  url: z.string().trim().max(Limits.urlMax, { message: 'validation.tooLong' }),
  id: z.coerce.number({ error: 'validation.id' }).int({ message: 'validation.id' }).positive({ message: 'validation.id' }),
  /** An organisation chosen in a form: required ('organization cannot be empty'). */
  organisationId: z.number({ error: 'validation.organizationRequired' }).int({ message: 'validation.id' }).positive({ message: 'validation.organizationRequired' }),
  /** The version a record was read at: saving over a newer version is refused (optimistic concurrency). */
  version: z.number({ error: 'validation.version' }).int({ message: 'validation.version' }).positive({ message: 'validation.version' }),
  orderNum: z.number({ error: 'validation.orderNum' }).int({ message: 'validation.orderNum' }).min(0, { message: 'validation.orderNum' }).max(Limits.orderNumMax, { message: 'validation.orderNum' }),
  /** Comma-joined ids, as the spec's batch deletes send them. */
  idList: z
    .string({ error: required })
    .regex(Patterns.idList, { message: 'validation.idList' })
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.length <= Limits.idListMax, { message: 'validation.idListTooMany' }),
  page: z.coerce.number({ error: 'validation.page' }).int({ message: 'validation.page' }).min(1, { message: 'validation.page' }).default(1),
  limit: z.coerce
    .number({ error: 'validation.pageSize' })
    .int({ message: 'validation.pageSize' })
    .min(1, { message: 'validation.pageSize' })
    .max(MAX_PAGE_SIZE, { message: 'validation.pageSize' })
    .default(DEFAULT_PAGE_SIZE),
  /** An optional filter text: blank means no filter. */
  filterText: z
    .string()
    .trim()
    .max(100, { message: 'validation.tooLong' })
    .optional()
    .transform((s) => (s ? s : undefined)),
} as const;

/** One of a few numbers (a type, a status, a switch): missing is 'required', anything else 'not allowed'. */
export function choice<const T extends readonly [number, ...number[]]>(values: T) {
  return z.literal(values, { error: (issue) => (issue.input === undefined ? required : 'validation.oneOf') });
}

/** The page envelope of every paged list: `records, total, current, pages` (spec 000 §7). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    records: z.array(item),
    total: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
    size: z.number().int(),
  });
}
