import { z } from 'zod';
import { CAPTCHA_LENGTH, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import type { FilePurpose } from './constants';

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
  /** The largest id a serial (PostgreSQL integer) column holds; larger ones are refused before the database. */
  idMax: 2_147_483_647,
  /** A name in any language of the multilingual text. */
  translatedNameMax: 200,
  /** Rows a multilingual-text import file may hold (besides its header). */
  i18nImportRowsMax: 10_000,
  /** What a multilingual-text import file may expand to when unzipped. */
  i18nImportUnzippedMax: 50 * 1024 * 1024,
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
  roleNameMin: 3,
  roleNameMax: 30,
  roleRemarkMax: 200,
  /** Menu ids in one role save or one system's resource save (checked and half-checked together). */
  menuIdsPerSaveMax: 5000,
  /** Dictionaries (spec 001 §3): the code is unique among its siblings. */
  dictNoMax: 50,
  dictNameMax: 50,
  dictLangNameMax: 100,
  /** Rows an import file may hold (besides its header). */
  dictImportRowsMax: 5000,
  /** What an import file may expand to when unzipped: the bytes of its parts together. */
  dictImportUnzippedMax: 50 * 1024 * 1024,
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
  /** A dictionary code: letters, digits, underscore, hyphen and dot ('/' joins codes into a path in exports). */
  dictNo: /^[A-Za-z0-9_.-]+$/,
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
  id: z.coerce.number({ error: 'validation.id' }).int({ message: 'validation.id' }).positive({ message: 'validation.id' }).max(Limits.idMax, { message: 'validation.idRange' }),
  roleName: z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .min(Limits.roleNameMin, { message: 'validation.roleNameLength' })
    .max(Limits.roleNameMax, { message: 'validation.roleNameLength' }),
  /** An organisation chosen in a form: required ('organization cannot be empty'). */
  organisationId: z
    .number({ error: 'validation.organizationRequired' })
    .int({ message: 'validation.id' })
    .positive({ message: 'validation.organizationRequired' })
    .max(Limits.idMax, { message: 'validation.idRange' }),
  /** The version a record was read at: saving over a newer version is refused (optimistic concurrency). */
  version: z.number({ error: 'validation.version' }).int({ message: 'validation.version' }).positive({ message: 'validation.version' }).max(Limits.idMax, { message: 'validation.version' }),
  orderNum: z.number({ error: 'validation.orderNum' }).int({ message: 'validation.orderNum' }).min(0, { message: 'validation.orderNum' }).max(Limits.orderNumMax, { message: 'validation.orderNum' }),
  /** Comma-joined ids, as the spec's batch deletes send them. */
  idList: z
    .string({ error: required })
    .regex(Patterns.idList, { message: 'validation.idList' })
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id > 0 && id <= Limits.idMax), { message: 'validation.idRange' })
    .refine((ids) => ids.length <= Limits.idListMax, { message: 'validation.idListTooMany' }),
  page: z.coerce.number({ error: 'validation.page' }).int({ message: 'validation.page' }).min(1, { message: 'validation.page' }).max(Limits.idMax, { message: 'validation.page' }).default(1),
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
  dictNo: z.string({ error: required }).trim().min(1, { message: required }).max(Limits.dictNoMax, { message: 'validation.dictNoMax' }).regex(Patterns.dictNo, { message: 'validation.dictNoPattern' }),
  dictName: z.string({ error: required }).trim().min(1, { message: required }).max(Limits.dictNameMax, { message: 'validation.tooLong' }),
  /** Required (spec 001 §5), 0 to 99999 like every order number. */
  dictOrder: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'validation.orderNum') })
    .int({ message: 'validation.orderNum' })
    .min(0, { message: 'validation.orderNum' })
    .max(Limits.orderNumMax, { message: 'validation.orderNum' }),
} as const;

/** The page fields of a list call: page 1 and 10 rows a page by default (spec 000 §5). */
export const pageInput = { pageNum: rules.page, pageSize: rules.limit } as const;

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

const MIB = 1024 * 1024;

/** What an upload of one purpose may be (spec 001 §5, §9): the types are detected from the bytes, never from the name. */
export interface FileRule {
  /** Accepted types as detected from the bytes (file-type's `ext`: JPEG is 'jpg'). */
  types: readonly string[];
  /** Name extensions a file may have: a picker offers them, a client checks them first, the server refuses any other. */
  extensions: readonly string[];
  /** A file must be smaller than this ("under 2 MB"). */
  maxBytes: number;
  /**
   * Name extensions accepted as plain UTF-8 text when the bytes are of no type file-type knows (text has no
   * signature): the name decides between them, the bytes must still be text.
   */
  plainText?: Readonly<Record<string, string>>;
  /** The i18n keys of the refusals. */
  typeMessage: `validation.${string}`;
  sizeMessage: `validation.${string}`;
}

export const FILE_RULES: Record<FilePurpose, FileRule> = {
  idCard: { types: ['jpg', 'png'], extensions: ['jpg', 'jpeg', 'png'], maxBytes: 2 * MIB, typeMessage: 'validation.idCardImageType', sizeMessage: 'validation.idCardImageSize' },
  articleImage: { types: ['jpg', 'png', 'gif'], extensions: ['jpg', 'jpeg', 'png', 'gif'], maxBytes: 5 * MIB, typeMessage: 'validation.articleImageType', sizeMessage: 'validation.articleImageSize' },
  dictionaryImport: { types: ['xlsx'], extensions: ['xlsx'], maxBytes: 5 * MIB, typeMessage: 'validation.importFileType', sizeMessage: 'validation.importFileSize' },
  i18nImport: { types: ['xlsx'], extensions: ['xlsx'], maxBytes: 5 * MIB, typeMessage: 'validation.importFileType', sizeMessage: 'validation.importFileSize' },
  mailAttachment: {
    types: ['pdf', 'jpg', 'png', 'gif', 'webp', 'xlsx', 'docx', 'pptx', 'cfb', 'zip', '7z', 'rar'],
    extensions: ['pdf', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'xlsx', 'docx', 'pptx', 'xls', 'doc', 'ppt', 'zip', '7z', 'rar', 'txt', 'csv'],
    plainText: { txt: 'text/plain', csv: 'text/csv' },
    maxBytes: 10 * MIB,
    typeMessage: 'validation.mailAttachmentType',
    sizeMessage: 'validation.mailAttachmentSize',
  },
};

const IMAGE_TYPES = ['jpg', 'png', 'gif', 'webp'] as const;

/**
 * What the bytes of a file may be, by its name's extension (file-type's `ext`): an image named as another image is
 * still shown as the image it is, but a name never passes one kind of file off as another (an archive as a PDF or
 * a page) to whoever opens it later.
 */
export const EXTENSION_TYPES: Readonly<Record<string, readonly string[]>> = {
  jpg: IMAGE_TYPES,
  jpeg: IMAGE_TYPES,
  png: IMAGE_TYPES,
  gif: IMAGE_TYPES,
  webp: IMAGE_TYPES,
  pdf: ['pdf'],
  xlsx: ['xlsx'],
  docx: ['docx'],
  pptx: ['pptx'],
  xls: ['cfb'],
  doc: ['cfb'],
  ppt: ['cfb'],
  zip: ['zip'],
  '7z': ['7z'],
  rar: ['rar'],
  txt: ['txt'],
  csv: ['csv'],
};

/** The extension of a file name, lower-cased; empty when it has none. */
export function fileExtensionOf(name: string): string {
  return /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

/** The largest upload of any purpose: a multipart body stops being read beyond it. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(FILE_RULES).map((rule) => rule.maxBytes));
/** A stored file name is cut to this length (sys_file.name). */
export const FILE_NAME_MAX = 200;

/** Information categories and articles (spec 001 §3, §5, §9), as long as the columns of info_category and info_article hold. */
export const InfoLimits = {
  categoryNameMin: 2,
  categoryNameMax: 20,
  imageDescMin: 5,
  imageDescMax: 50,
  titleMin: 1,
  titleMax: 30,
  sortMin: 0,
  sortMax: 999,
  keywordsMax: 100,
  /** The stored HTML of one article (the editor's output, images by address only). */
  contentMax: 200_000,
} as const;

/** Organisation fields (spec 001 §3, §5, §9), as long as the columns of sys_dept hold. */
export const DeptLimits = {
  nameMin: 2,
  nameMax: 20,
  personMax: 50,
  telephoneMax: 30,
  addressMax: 200,
  remarkMax: 200,
  legalPersonMax: 50,
  registeredCapitalMax: 50,
} as const;

export const DeptPatterns = {
  /** Digits, spaces and + - ( ). */
  telephone: /^[0-9+\-() ]*$/,
  /** The unified social credit code: 18 characters of digits and capitals without I, O, S, V, Z. */
  companyCode: /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
} as const;

/** Application centre (spec 001 §3, §5 Application form): the OAuth clients sign-in obeys, as long as sys_oauth_client holds. */
export const AppLimits = {
  clientIdMax: 50,
  appNameMax: 50,
  /** An access token lives at least a minute and at most a day; a refresh token at least as long, at most a token family's lifetime. */
  accessTokenSecondsMin: 60,
  accessTokenSecondsMax: 86_400,
  refreshTokenSecondsMax: 30 * 86_400,
  passwordDayMax: 3650,
  ignoreCodeTimesMax: 999,
} as const;

export const AppPatterns = {
  /** An AppId: letters, digits, hyphen and underscore. */
  clientId: /^[A-Za-z0-9_-]+$/,
} as const;

const wholeNumber = (key: string, min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : key) })
    .int({ message: key })
    .min(min, { message: key })
    .max(max, { message: key });

export const appRules = {
  clientId: z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .max(AppLimits.clientIdMax, { message: 'validation.clientIdMax' })
    .regex(AppPatterns.clientId, { message: 'validation.clientIdPattern' }),
  appName: z.string({ error: required }).trim().min(1, { message: required }).max(AppLimits.appNameMax, { message: 'validation.tooLong' }),
  accessTokenValiditySeconds: wholeNumber('validation.accessTokenSeconds', AppLimits.accessTokenSecondsMin, AppLimits.accessTokenSecondsMax),
  refreshTokenValiditySeconds: wholeNumber('validation.refreshTokenSeconds', AppLimits.accessTokenSecondsMin, AppLimits.refreshTokenSecondsMax),
  passwordDay: wholeNumber('validation.passwordDay', 0, AppLimits.passwordDayMax),
  /** Text as the form has it (spec 001 §5): blank is 0; otherwise a non-negative integer without leading zeros. */
  ignoreCodeTimes: z
    .union([z.string(), z.number()], { error: 'validation.ignoreCodeTimes' })
    .transform((value) => String(value).trim())
    .refine((text) => text === '' || (Patterns.plainCount.test(text) && Number(text) <= AppLimits.ignoreCodeTimesMax), { message: 'validation.ignoreCodeTimes' })
    .transform((text) => (text === '' ? 0 : Number(text))),
} as const;

/** SMS (spec 001 §5 "Messaging hints", issue 12), as long as the msg_sms_* columns hold. */
export const SmsLimits = {
  templateNameMin: 5,
  templateNameMax: 20,
  templateContentMax: 500,
  templateCodeMax: 50,
  /** The provider's sign names (Alibaba Cloud): 2 to 12 characters. */
  signatureNameMin: 2,
  signatureNameMax: 12,
  signatureRemarkMax: 200,
  /** Distinct numbers in one send. */
  recipientsMax: 1000,
  /** The final text, 【signature】 included: one SMS without splitting. */
  textMax: 70,
  /** One variable's value (the provider's limit per template variable). */
  variableValueMax: 35,
  /** Invalid numbers named in a refusal; the rest are counted. */
  invalidNumbersShown: 10,
} as const;

export const SmsPatterns = {
  /** A mainland China mobile number: 11 digits starting 13 to 19. */
  mobile: /^1[3-9]\d{9}$/,
  /** Numbers are separated by commas (ASCII or full-width), spaces or line breaks. */
  recipientSeparator: /[,，\s]+/,
  /** `${name}` placeholders of a template's content. */
  variable: /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
  /** The provider's template code (e.g. SMS_123456789). */
  templateCode: /^[A-Za-z0-9_]+$/,
} as const;

/** Push through JPush (issue 12: /polarLight, /newPolar/{id}): the provider's documented limits and msg_push_* columns. */
export const PushLimits = {
  /** The provider settings' own name (msg_push_provider.alias). */
  providerAliasMax: 50,
  /** A device alias or tag: at most 40 bytes in UTF-8 (JPush). */
  audienceValueBytesMax: 40,
  /** Aliases in one push (JPush: 1000), tags in one push (JPush: 20). */
  aliasesMax: 1000,
  tagsMax: 20,
  /** The notification title (Android title, iOS alert title). */
  titleMax: 50,
  /**
   * The alert text. JPush refuses an iOS notification over 4000 bytes with its JSON; 500 characters (1500
   * bytes of Chinese) leave room for the title and the envelope.
   */
  alertMax: 500,
  /** How long the provider keeps a push for a device that is offline: JPush's own default, one day. */
  offlineSeconds: 86_400,
  /** Bad values named in a refusal; the rest are counted. */
  invalidValuesShown: 10,
} as const;

export const PushPatterns = {
  /** JPush AppKey and Master Secret: 24 hexadecimal characters each. */
  appKey: /^[0-9a-fA-F]{24}$/,
  masterSecret: /^[0-9a-fA-F]{24}$/,
  /** A JPush alias or tag: letters, digits, Chinese characters and _ @ ! # $ & * + = | . (byte length checked apart). */
  audienceValue: /^[A-Za-z0-9_@!#$&*+=|.\p{Script=Han}]+$/u,
  /** Aliases and tags are separated by commas (ASCII or full-width), spaces or line breaks. */
  audienceSeparator: /[,，\s]+/,
} as const;

/** Message systems and message API keys (issue 12); their ids and key values follow `rules.keyValue`. */
export const MessageKeyLimits = {
  systemNameMax: 50,
  remarkMax: 200,
  /** A key's sends per minute. */
  rateLimitMin: 1,
  rateLimitMax: 10_000,
  rateLimitDefault: 60,
} as const;

/** Data groups, organs and classifications (issue 12), as long as the sys_data_* columns hold. */
export const DataGroupLimits = {
  numberMax: 50,
  nameMax: 50,
  classificationTypeMax: 20,
  remarkMax: 200,
} as const;

export const DataGroupPatterns = {
  /** A group's, organ's or classification's number: letters, digits, hyphen and underscore. */
  number: /^[A-Za-z0-9_-]+$/,
} as const;

export const dataGroupRules = {
  number: z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .max(DataGroupLimits.numberMax, { message: 'validation.dataNumberMax' })
    .regex(DataGroupPatterns.number, { message: 'validation.dataNumberPattern' }),
  name: z.string({ error: required }).trim().min(1, { message: required }).max(DataGroupLimits.nameMax, { message: 'validation.tooLong' }),
  classificationType: z.string({ error: required }).trim().min(1, { message: required }).max(DataGroupLimits.classificationTypeMax, { message: 'validation.tooLong' }),
  remark: z.string().trim().max(DataGroupLimits.remarkMax, { message: 'validation.tooLong' }).default(''),
} as const;

/** Mail (issue 12: /accountManage, /addMailAccount/{id}, /mailManage, /addMail; spec 001 §5), as long as the msg_mail_* columns hold. */
export const MailLimits = {
  hostMax: 100,
  /** The port as typed: 2 to 4 characters (spec 001 §5). */
  portLengthMin: 2,
  portLengthMax: 4,
  accountMax: 100,
  /** A password or authorization code as the mail provider issues it. */
  secretMax: 128,
  /** Distinct addresses of one mail, To and Cc together (spec 001 §5: at most 500). */
  recipientsMax: 500,
  subjectMax: 200,
  /** The stored HTML of one mail body. */
  bodyMax: 200_000,
  attachmentsMax: 10,
  /** All attachments of one mail together; each one is limited by its upload rule. */
  attachmentsTotalBytes: 20 * MIB,
  /** Invalid addresses named in a refusal; the rest are counted. */
  invalidAddressesShown: 10,
} as const;

export const MailPatterns = {
  /** Addresses are separated by commas or semicolons (ASCII or full-width), spaces or line breaks. */
  recipientSeparator: /[,，;；\s]+/,
  /** An address as an SMTP server takes it: a local part of printable ASCII without spaces, @, a domain of labels with a dot. */
  address: /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
  /** A host name or an IPv4 address. */
  host: /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/,
  port: /^\d{2,4}$/,
} as const;

/** Saved list views and column layouts, kept per user in the desktop settings (issue 13). */
export const ListViewLimits = {
  viewsPerScreen: 30,
  nameMax: 50,
  /** A screen key: the list's route path, and the list's id where a screen holds more than one list. */
  screenKeyMax: 200,
  filterFields: 50,
  filterKeyMax: 100,
  filterTextMax: 500,
  columns: 100,
  columnKeyMax: 100,
  /** Column widths in CSS pixels: narrower than this a column cannot show its header. */
  columnWidthMin: 60,
  columnWidthMax: 2000,
  /** One screen's views and layout as stored (JSON characters). */
  screenChars: 64 * 1024,
  /** Everything one user keeps on one server (JSON characters). */
  userChars: 1024 * 1024,
} as const;

export const UndoPatterns = {
  /** An undo key: 32 random bytes in base64url. */
  key: /^[A-Za-z0-9_-]{43}$/,
} as const;
