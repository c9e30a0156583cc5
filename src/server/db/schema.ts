import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, bytea, createdAt, ts } from './columns';

/**
 * The kernel's tables, and those several areas share, one schema for both drivers (PGlite and node-postgres). A
 * table only one area writes lives in that area (areas/<area>/server/schema.ts); src/server/db/tables.ts lists all.
 * Names follow the spec's fields in snake_case.
 */

// ----- Organisations -----

export const dept = pgTable(
  'sys_dept',
  {
    deptId: serial('dept_id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => dept.deptId, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    /** '0' company, '1' department. */
    deptType: varchar('dept_type', { length: 1 }).notNull().default('1'),
    /** A business centre: offered in the service-centre tree. */
    businessCentre: boolean('business_centre').notNull().default(false),
    status: smallint('status').notNull().default(1),
    orderNum: integer('order_num').notNull().default(0),
    deptPerson: varchar('dept_person', { length: 50 }).notNull().default(''),
    telephone: varchar('telephone', { length: 30 }).notNull().default(''),
    companyAddress: varchar('company_address', { length: 200 }).notNull().default(''),
    remake: varchar('remake', { length: 200 }).notNull().default(''),
    companyType: integer('company_type'),
    companyCode: varchar('company_code', { length: 30 }),
    establishTime: date('establish_time'),
    legalPerson: varchar('legal_person', { length: 50 }),
    registeredCapital: varchar('registered_capital', { length: 50 }),
    registeredAddress: varchar('registered_address', { length: 200 }),
    ...auditColumns('createBy', 'createTime', 'updateBy', 'updateTime', 'version'),
  },
  (t) => [index('sys_dept_parent_idx').on(t.parentId), index('sys_dept_name_idx').on(t.name)],
);

/** Uploaded files, kept in the database so a team server on PostgreSQL needs no shared disk. */
export const file = pgTable(
  'sys_file',
  {
    fileId: serial('file_id').primaryKey(),
    /** What the upload is for (its limits and who may read it follow from it): see `FilePurpose`. */
    purpose: varchar('purpose', { length: 30 }).notNull().default(''),
    name: varchar('name', { length: 200 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    content: bytea('content').notNull(),
    ...auditColumns('createBy', 'createTime'),
  },
  (t) => [index('sys_file_time_idx').on(t.createTime)],
);

export const deptResource = pgTable(
  'sys_dept_resource',
  {
    id: serial('id').primaryKey(),
    deptId: integer('dept_id')
      .notNull()
      .references(() => dept.deptId, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => file.fileId, { onDelete: 'restrict' }),
    /** Position: 0 ID-card front, 1 back. */
    slot: smallint('slot').notNull(),
  },
  (t) => [uniqueIndex('sys_dept_resource_slot_uq').on(t.deptId, t.slot)],
);

// ----- Menus and systems -----

export const menu = pgTable(
  'sys_menu',
  {
    menuId: serial('menu_id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => menu.menuId, { onDelete: 'restrict' }),
    /** The system (type 0 menu) this node belongs to; null for systems themselves. */
    systemMenuId: integer('system_menu_id').references((): AnyPgColumn => menu.menuId, { onDelete: 'restrict' }),
    name: varchar('name', { length: 20 }).notNull(),
    url: varchar('url', { length: 500 }).notNull().default(''),
    /** 0 system, 1 menu, 2 button. */
    type: smallint('type').notNull(),
    orderNum: integer('order_num').notNull().default(0),
    /** 0 usable, 1 disabled. */
    status: smallint('status').notNull().default(0),
    /** System id for a system, permission key for menus and buttons. */
    perms: varchar('perms', { length: 50 }).notNull(),
    /** 0 current window, 1 popup window. */
    linkTarget: smallint('link_target').notNull().default(0),
    icon: varchar('icon', { length: 50 }).notNull().default(''),
    appFlag: varchar('app_flag', { length: 50 }).notNull().default(''),
    sysVersion: varchar('sys_version', { length: 20 }).notNull().default(''),
    ...auditColumns('createBy', 'createTime', 'updateBy', 'updateTime', 'version'),
  },
  (t) => [
    index('sys_menu_parent_idx').on(t.parentId),
    index('sys_menu_system_idx').on(t.systemMenuId),
    uniqueIndex('sys_menu_system_id_uq')
      .on(t.perms)
      .where(sql`type = 0`),
    uniqueIndex('sys_menu_key_uq')
      .on(t.systemMenuId, t.perms)
      .where(sql`type <> 0`),
  ],
);

/**
 * The menu catalogue's entries (a system's perms, or a system's id and a group, page or button key) already put
 * into this database: a start adds only entries not listed here, so a release's new screens reach an upgraded
 * data folder while a catalogue row an administrator deleted stays deleted.
 */
export const catalogueApplied = pgTable(
  'sys_catalogue_applied',
  {
    systemId: varchar('system_id', { length: 50 }).notNull(),
    perms: varchar('perms', { length: 50 }).notNull(),
    createTime: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.perms] })],
);

// ----- Roles -----

export const role = pgTable(
  'sys_role',
  {
    roleId: serial('role_id').primaryKey(),
    roleName: varchar('role_name', { length: 30 }).notNull(),
    deptId: integer('dept_id')
      .notNull()
      .references(() => dept.deptId, { onDelete: 'restrict' }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** 1: sees every organisation; 2: sees its organisation's subtree. */
    roleType: smallint('role_type').notNull().default(2),
    ...auditColumns('createBy', 'createTime', 'updateBy', 'updateTime', 'version'),
  },
  (t) => [uniqueIndex('sys_role_name_dept_uq').on(t.deptId, t.roleName), index('sys_role_dept_idx').on(t.deptId)],
);

export const roleMenu = pgTable(
  'sys_role_menu',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => role.roleId, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menu.menuId, { onDelete: 'cascade' }),
    /** Half-checked in the checkbox tree: the node shows, but not all its children are granted. */
    halfChecked: boolean('half_checked').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('sys_role_menu_menu_idx').on(t.menuId)],
);

/** Resource assignment: which systems and menus an organisation may use (spec 001 §2 /resource). */
export const deptMenu = pgTable(
  'sys_dept_menu',
  {
    deptId: integer('dept_id')
      .notNull()
      .references(() => dept.deptId, { onDelete: 'cascade' }),
    systemMenuId: integer('system_menu_id')
      .notNull()
      .references(() => menu.menuId, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menu.menuId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.deptId, t.menuId] }), index('sys_dept_menu_sys_idx').on(t.deptId, t.systemMenuId)],
);

// ----- Users -----

export const user = pgTable(
  'sys_user',
  {
    userId: serial('user_id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** The user's top organisation. */
    deptId: integer('dept_id').references(() => dept.deptId, { onDelete: 'restrict' }),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    /** Whether an administrator may reset this user's password (spec 000 §6 flag). */
    resetPwdAllowed: boolean('reset_pwd_allowed').notNull().default(true),
    /** Null until the user has chosen a password: an initial or reset password must be changed. */
    passwordChangedAt: ts('password_changed_at'),
    wxWorkUserId: varchar('wx_work_user_id', { length: 64 }),
    lastLoginTime: ts('last_login_time'),
    loginCount: integer('login_count').notNull().default(0),
    /** Tokens issued before this instant are void: a password reset or change ends every sign-in, even one racing it. */
    tokensValidAfter: ts('tokens_valid_after'),
    ...auditColumns('createBy', 'createTime', 'updateBy', 'updateTime', 'version'),
  },
  (t) => [
    uniqueIndex('sys_user_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('sys_user_wx_uq').on(t.wxWorkUserId),
    index('sys_user_dept_idx').on(t.deptId, t.userId),
    index('sys_user_status_idx').on(t.status, t.userId),
    index('sys_user_name_idx').on(t.name),
    // The user list counts the users of some organisations with status and name or login-name filters
    // ("contains", which no b-tree can seek): with the filtered columns in the index the count reads the
    // index only, not the table.
    index('sys_user_scope_idx').on(t.deptId, t.status, t.name, t.username),
  ],
);

export const userRole = pgTable(
  'sys_user_role',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => user.userId, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.roleId, { onDelete: 'cascade' }),
    /** The organisation the role is held for. */
    deptId: integer('dept_id')
      .notNull()
      .references(() => dept.deptId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_user_role_role_idx').on(t.roleId)],
);

// ----- Data groups (issue 12: /groupManage, /organManage, /classifyManage) -----

/** Data authority classifications (spec 001 §2 /classifyManage): what the user form's data authority offers. */
export const dataClassification = pgTable(
  'sys_data_classification',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    number: varchar('number', { length: 50 }).notNull().unique(),
    type: varchar('type', { length: 20 }).notNull().default(''),
    /** The organisation the classification belongs to (its users and those below may hold it); null: every organisation. */
    deptId: integer('dept_id').references(() => dept.deptId, { onDelete: 'cascade' }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...auditColumns('createBy', 'createTime', 'updateTime', 'version'),
  },
  (t) => [index('sys_data_classification_dept_idx').on(t.deptId)],
);

export const userDataAuthority = pgTable(
  'sys_user_data_authority',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => user.userId, { onDelete: 'cascade' }),
    classificationId: integer('classification_id')
      .notNull()
      .references(() => dataClassification.id, { onDelete: 'cascade' }),
    dataCode: varchar('data_code', { length: 50 }).notNull(),
    dataName: varchar('data_name', { length: 100 }).notNull(),
    topCode: varchar('top_code', { length: 50 }).notNull().default(''),
    topName: varchar('top_name', { length: 100 }).notNull().default(''),
  },
  (t) => [uniqueIndex('sys_user_data_authority_uq').on(t.userId, t.classificationId, t.dataCode)],
);

// ----- OAuth clients (application centre) and sessions -----

export const oauthClient = pgTable('sys_oauth_client', {
  id: serial('id').primaryKey(),
  clientId: varchar('client_id', { length: 100 }).notNull().unique(),
  /** SHA-256 of the secret: secrets are random and long, so a fast hash is enough. */
  clientSecretHash: varchar('client_secret_hash', { length: 64 }).notNull(),
  appName: varchar('app_name', { length: 50 }).notNull(),
  /** code, app, webapp or pc. */
  appType: varchar('app_type', { length: 10 }).notNull().default('pc'),
  /** '0' usable, '1' stopped. */
  status: varchar('status', { length: 1 }).notNull().default('0'),
  accessTokenValiditySeconds: integer('access_token_validity_seconds').notNull().default(7200),
  refreshTokenValiditySeconds: integer('refresh_token_validity_seconds').notNull().default(604800),
  /** Days a password stays valid; 0 means permanent. */
  passwordDay: integer('password_day').notNull().default(0),
  /** `{ignoreCodeTimes, firstChangePwd}` as the spec's additionalInformation. */
  additionalInformation: jsonb('additional_information').$type<{ ignoreCodeTimes: number; firstChangePwd: '0' | '1' }>().notNull(),
  ...auditColumns('createBy', 'createTime', 'updateTime', 'version'),
});

export const refreshToken = pgTable(
  'sys_refresh_token',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    familyId: varchar('family_id', { length: 36 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => user.userId, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => oauthClient.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    /** When the family's first sign-in happened: rotation never carries a family past its absolute lifetime. */
    familyStartedAt: ts('family_started_at').notNull().defaultNow(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createTime: createdAt(),
  },
  (t) => [index('sys_refresh_token_family_idx').on(t.familyId), index('sys_refresh_token_user_idx').on(t.userId), index('sys_refresh_token_expiry_idx').on(t.expiresAt)],
);

export const accessToken = pgTable(
  'sys_access_token',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    familyId: varchar('family_id', { length: 36 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => user.userId, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => oauthClient.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createTime: createdAt(),
  },
  (t) => [index('sys_access_token_family_idx').on(t.familyId), index('sys_access_token_user_idx').on(t.userId), index('sys_access_token_expiry_idx').on(t.expiresAt)],
);

export const captcha = pgTable(
  'sys_captcha',
  {
    uuid: varchar('uuid', { length: 36 }).primaryKey(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sys_captcha_expiry_idx').on(t.expiresAt)],
);

/**
 * A messenger binding ticket: issued by the code exchange for a messenger account that no user holds yet,
 * and the only thing that can bind that account, once, to the user who signs in with it before it expires.
 */
export const bindTicket = pgTable(
  'sys_bind_ticket',
  {
    ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
    wxWorkUserId: varchar('wx_work_user_id', { length: 64 }).notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => oauthClient.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createTime: createdAt(),
  },
  (t) => [index('sys_bind_ticket_expiry_idx').on(t.expiresAt)],
);

/**
 * Sign-in attempts by login name (lower case), kept alike for names that exist and names that do not, so
 * neither the captcha nor the lock tells them apart. An attempt is counted before its password is checked.
 */
export const loginFailure = pgTable(
  'sys_login_failure',
  {
    username: varchar('username', { length: 32 }).primaryKey(),
    /** Attempts since the last success: more than the client's ignoreCodeTimes require a captcha. */
    failures: integer('failures').notNull().default(0),
    /** Attempts counted towards the next lock; reset when a lock starts. */
    lockFailures: integer('lock_failures').notNull().default(0),
    /** Locks so far: each waits longer than the one before. */
    lockCount: integer('lock_count').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastFailure: ts('last_failure').notNull().defaultNow(),
  },
  (t) => [index('sys_login_failure_last_idx').on(t.lastFailure)],
);

/** Every sign-in, for visit statistics. A deleted user's records stay (user id cleared, login name kept). */
export const loginRecord = pgTable(
  'sys_login_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => user.userId, { onDelete: 'set null' }),
    username: varchar('username', { length: 32 }).notNull().default(''),
    clientId: varchar('client_id', { length: 100 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** Region resolved from the IP for the visit map; '' when unknown. */
    region: varchar('region', { length: 50 }).notNull().default(''),
    /** The token family this sign-in started: ties an online session to where and when it began. */
    familyId: varchar('family_id', { length: 36 }),
    loginTime: ts('login_time').notNull().defaultNow(),
  },
  (t) => [index('sys_login_record_time_idx').on(t.loginTime), index('sys_login_record_user_idx').on(t.userId, t.loginTime), index('sys_login_record_family_idx').on(t.familyId)],
);

// ----- Dictionaries, multilingual text, API keys -----

// ----- Information -----

export const infoCategory = pgTable(
  'info_category',
  {
    id: serial('id').primaryKey(),
    systemMenuId: integer('system_menu_id')
      .notNull()
      .references(() => menu.menuId, { onDelete: 'restrict' }),
    name: varchar('name', { length: 20 }).notNull(),
    haveImage: smallint('have_image').notNull().default(0),
    imageDesc: varchar('image_desc', { length: 50 }).notNull().default(''),
    enable: smallint('enable').notNull().default(1),
    ...auditColumns('createBy', 'createTime', 'updateTime', 'version'),
  },
  (t) => [uniqueIndex('info_category_name_uq').on(t.systemMenuId, t.name)],
);

export const infoArticle = pgTable(
  'info_article',
  {
    id: serial('id').primaryKey(),
    apiKey: varchar('api_key', { length: 64 }).notNull(),
    systemMenuId: integer('system_menu_id')
      .notNull()
      .references(() => menu.menuId, { onDelete: 'restrict' }),
    classificationId: integer('classification_id')
      .notNull()
      .references(() => infoCategory.id, { onDelete: 'restrict' }),
    typeCode: varchar('type_code', { length: 50 }).notNull(),
    title: varchar('title', { length: 30 }).notNull(),
    keywords: varchar('keywords', { length: 100 }).notNull().default(''),
    sort: smallint('sort').notNull().default(0),
    content: text('content').notNull(),
    display: smallint('display').notNull().default(1),
    top: smallint('top').notNull().default(0),
    imageId: integer('image_id').references(() => file.fileId, { onDelete: 'set null' }),
    ...auditColumns('createBy', 'createTime', 'updateBy', 'updateTime', 'version'),
  },
  (t) => [index('info_article_list_idx').on(t.top, t.sort, t.id), index('info_article_category_idx').on(t.classificationId)],
);

// ----- Notices (issue 12: /sendNotice, the shell's ticker and notification list) -----

// ----- Messaging, mail, push -----

// ----- SMS and the outbox (issue 12: templates, signatures, sending, records, batches) -----

/**
 * Outgoing messages of every channel (sms now; mail and push reuse it): written in the transaction of the
 * request that sends them, delivered by the outbox worker. status: pending (due at next_attempt_at), sending
 * (claimed by claimed_by at claimed_at), sent, failed. verify_first: the last attempt's outcome is unknown
 * (a crash or a lost answer), so the provider is asked whether it already has the message before a resend.
 */
export const outbox = pgTable(
  'msg_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: varchar('channel', { length: 10 }).notNull(),
    /** Unique per recipient of a send: the provider sees it (SMS: OutId) and is asked about it on recovery. */
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    /** The channel's batch (SMS: msg_sms_batch.id). */
    batchId: integer('batch_id'),
    payload: jsonb('payload').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    claimedBy: varchar('claimed_by', { length: 64 }).notNull().default(''),
    claimedAt: ts('claimed_at'),
    verifyFirst: boolean('verify_first').notNull().default(false),
    lastError: varchar('last_error', { length: 500 }).notNull().default(''),
    providerMessageId: varchar('provider_message_id', { length: 100 }).notNull().default(''),
    createTime: createdAt(),
    sentTime: ts('sent_time'),
  },
  (t) => [uniqueIndex('msg_outbox_key_uq').on(t.idempotencyKey), index('msg_outbox_due_idx').on(t.status, t.nextAttemptAt), index('msg_outbox_batch_idx').on(t.channel, t.batchId)],
);

/** SMS templates: content with ${variable} placeholders; the provider's template code; 0 inactive, 1 active. */
export const smsTemplate = pgTable(
  'msg_sms_template',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 20 }).notNull(),
    type: smallint('type').notNull(),
    templateCode: varchar('template_code', { length: 50 }).notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    status: smallint('status').notNull().default(0),
    ...auditColumns('createBy', 'createTime', 'updateTime', 'version'),
  },
  (t) => [uniqueIndex('msg_sms_template_name_uq').on(t.name), index('msg_sms_template_list_idx').on(t.createTime, t.id)],
);

/** SMS signatures: the sender name the provider puts in 【】 before the text. */
export const smsSignature = pgTable(
  'msg_sms_signature',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 20 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...auditColumns('createBy', 'createTime', 'updateTime', 'version'),
  },
  (t) => [uniqueIndex('msg_sms_signature_name_uq').on(t.name)],
);

/** One send: the template, signature and filled text as they were when sent; dept_id is the sender's organisation (scope). */
export const smsBatch = pgTable(
  'msg_sms_batch',
  {
    id: serial('id').primaryKey(),
    templateName: varchar('template_name', { length: 20 }).notNull(),
    templateCode: varchar('template_code', { length: 50 }).notNull(),
    signName: varchar('sign_name', { length: 20 }).notNull(),
    params: jsonb('params').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    total: integer('total').notNull(),
    duplicates: integer('duplicates').notNull().default(0),
    createBy: integer('create_by'),
    createName: varchar('create_name', { length: 50 }).notNull().default(''),
    deptId: integer('dept_id'),
    /** A send through the open messaging endpoint: the message system and key that sent it (null for a screen's send). */
    msgSystemId: integer('msg_system_id').references((): AnyPgColumn => messageSystem.id, { onDelete: 'set null' }),
    msgApiKeyId: integer('msg_api_key_id').references((): AnyPgColumn => messageApiKey.id, { onDelete: 'set null' }),
    createTime: createdAt(),
  },
  (t) => [
    index('msg_sms_batch_list_idx').on(t.createTime, t.id),
    index('msg_sms_batch_dept_idx').on(t.deptId, t.createTime),
    // A key's sends of the last minute (its rate limit) and a system's batches.
    index('msg_sms_batch_key_idx').on(t.msgApiKeyId, t.createTime),
    index('msg_sms_batch_system_idx').on(t.msgSystemId, t.id),
  ],
);

/** One recipient of a batch; its delivery state is its outbox row's. */
export const smsRecord = pgTable(
  'msg_sms_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => smsBatch.id, { onDelete: 'cascade' }),
    phone: varchar('phone', { length: 20 }).notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    createTime: createdAt(),
  },
  (t) => [index('msg_sms_record_batch_idx').on(t.batchId, t.id), index('msg_sms_record_phone_idx').on(t.phone, t.id), uniqueIndex('msg_sms_record_outbox_uq').on(t.outboxId)],
);

/**
 * Message systems: platform systems that call the open messaging endpoints. system_id is unique whatever its
 * case; channels lists what the system may send (sms, later mail and push). Its sends are filed under its
 * organisation; it goes with its organisation, and its keys go with it.
 */
export const messageSystem = pgTable(
  'msg_system',
  {
    id: serial('id').primaryKey(),
    systemId: varchar('system_id', { length: 50 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    deptId: integer('dept_id')
      .notNull()
      .references(() => dept.deptId, { onDelete: 'cascade' }),
    /** 1 usable, 2 stopped. */
    status: smallint('status').notNull().default(1),
    channels: jsonb('channels').$type<string[]>().notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...auditColumns('createBy', 'createName', 'createTime', 'updateTime', 'version'),
  },
  (t) => [uniqueIndex('msg_system_system_id_uq').on(sql`lower(${t.systemId})`), index('msg_system_dept_idx').on(t.deptId, t.id)],
);

/** Message API keys: what a message system presents in X-Api-Key; 1 usable, 2 stopped; rate_limit is sends per minute. */
export const messageApiKey = pgTable(
  'msg_api_key',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the key: the key itself is shown once, when the server makes it, and never stored. */
    apiKeyHash: varchar('api_key_hash', { length: 64 }).notNull().unique(),
    /** The key's first characters, so a list tells keys apart; empty for a key typed before keys were made by the server. */
    keyHint: varchar('key_hint', { length: 8 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    createBy: integer('create_by'),
    createTime: createdAt(),
    msgSystemId: integer('msg_system_id')
      .notNull()
      .references(() => messageSystem.id, { onDelete: 'cascade' }),
    rateLimit: integer('rate_limit').notNull().default(60),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createName: varchar('create_name', { length: 50 }).notNull().default(''),
    updateTime: ts('update_time'),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('msg_api_key_system_idx').on(t.msgSystemId, t.id)],
);

export const messageRecord = pgTable(
  'msg_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** sms, mail, push or notice. */
    channel: varchar('channel', { length: 10 }).notNull(),
    recipients: text('recipients').notNull(),
    subject: varchar('subject', { length: 200 }).notNull().default(''),
    content: text('content').notNull(),
    templateId: integer('template_id').references(() => smsTemplate.id, { onDelete: 'set null' }),
    /** pending, sent, failed. */
    status: varchar('status', { length: 10 }).notNull(),
    error: text('error'),
    ...auditColumns('createBy', 'createTime'),
    sentTime: ts('sent_time'),
  },
  (t) => [index('msg_record_channel_idx').on(t.channel, t.id)],
);

// ----- Logs -----

export const operationLog = pgTable(
  'log_operation',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What kind of change: add, update, delete, or the action's name. */
    entryType: varchar('entry_type', { length: 30 }).notNull(),
    operUserId: integer('oper_user_id'),
    operUserName: varchar('oper_user_name', { length: 50 }).notNull().default(''),
    operLoginName: varchar('oper_login_name', { length: 32 }).notNull().default(''),
    /** The caller's region, resolved offline from `operIp`. */
    operLocation: varchar('oper_location', { length: 64 }).notNull().default(''),
    operIp: varchar('oper_ip', { length: 64 }).notNull().default(''),
    /** The operator's organisation, for the log's organisation scope; null when unknown. */
    operDeptId: integer('oper_dept_id'),
    /** The text of rows written before contents were keyed; for a keyed row, its text in the default language. */
    operationContent: varchar('operation_content', { length: 200 }).notNull(),
    /** What was done, as a key of shared/operation-content.ts, written out in the reader's language when read; null for older rows. */
    contentKey: varchar('content_key', { length: 64 }),
    /** The values of the key's template. */
    contentValues: jsonb('content_values'),
    beforeOperation: jsonb('before_operation'),
    afterOperation: jsonb('after_operation'),
    operationTime: ts('operation_time').notNull().defaultNow(),
    /** SHA-256 over this row and the previous row's hash (tamper evidence); null for rows older than the chain. */
    hash: varchar('hash', { length: 64 }),
  },
  (t) => [
    index('log_operation_time_idx').on(t.operationTime, t.id),
    index('log_operation_dept_idx').on(t.operDeptId, t.operationTime),
    index('log_operation_login_idx').on(t.operLoginName, t.operationTime),
    index('log_operation_user_idx').on(t.operUserName, t.operationTime),
  ],
);

/**
 * The operation log's anchored head (audit/chain.ts): one row (id 1) naming the last chained row, its hash and
 * the first row chained under the server's key, with a MAC under that key over all three. A cut tail no longer
 * ends at the head; a head moved back or forward needs the key.
 */
export const operationLogHead = pgTable('log_operation_head', {
  id: smallint('id').primaryKey(),
  keyedFromId: bigint('keyed_from_id', { mode: 'number' }).notNull(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  lastHash: varchar('last_hash', { length: 64 }).notNull(),
  mac: varchar('mac', { length: 64 }).notNull(),
});

export const interfaceLog = pgTable(
  'log_interface',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: varchar('app_id', { length: 100 }).notNull().default(''),
    serviceCnName: varchar('service_cn_name', { length: 50 }).notNull(),
    interfaceCnName: varchar('interface_cn_name', { length: 100 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    path: varchar('path', { length: 300 }).notNull(),
    userId: varchar('user_id', { length: 32 }).notNull().default(''),
    /** The caller's organisation, for the log's organisation scope; null for calls without a user. */
    deptId: integer('dept_id'),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    /** Milliseconds. */
    useTime: integer('use_time').notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    deviceId: varchar('device_id', { length: 100 }).notNull().default(''),
    modelInfo: varchar('model_info', { length: 100 }).notNull().default(''),
    /** 200 when the envelope code is success, otherwise the envelope code. */
    responseStatus: varchar('response_status', { length: 10 }).notNull(),
    requestParam: text('request_param').notNull(),
    responseText: text('response_text').notNull(),
  },
  (t) => [
    index('log_interface_time_idx').on(t.startTime, t.id),
    index('log_interface_app_idx').on(t.appId, t.startTime),
    index('log_interface_user_idx').on(t.userId, t.startTime),
    index('log_interface_status_idx').on(t.responseStatus, t.startTime),
    index('log_interface_dept_idx').on(t.deptId, t.startTime),
  ],
);

/**
 * Audit rows the database refused even one at a time: kept as JSON with the error, so nothing is lost
 * silently and an administrator can see and replay them.
 */
export const auditDeadLetter = pgTable('log_dead_letter', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** interface or operation. */
  stream: varchar('stream', { length: 20 }).notNull(),
  row: jsonb('row').notNull(),
  error: varchar('error', { length: 500 }).notNull(),
  createTime: createdAt(),
});

/**
 * What a delete removed, kept for its undo window (src/server/undo): the rows, the rows removed with them by
 * cascade and the references it cleared, as JSON of the rows exactly. Only the deleting user, in the deleting
 * role and still holding the delete's permission, may restore them. Rows past `expires_at` are removed.
 */
export const undoSnapshot = pgTable(
  'sys_undo',
  {
    /** SHA-256 (hex) of the undo token: the token itself is only in the delete's answer. */
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id').notNull(),
    roleId: integer('role_id').notNull(),
    /** The permission the delete needed; the undo needs it still. */
    permission: varchar('permission', { length: 100 }).notNull(),
    /** The delete's endpoint (`area.name`), for the log. */
    endpoint: varchar('endpoint', { length: 100 }).notNull(),
    snapshot: jsonb('snapshot').notNull(),
    createTime: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sys_undo_expires_idx').on(t.expiresAt)],
);

/**
 * Rate-limit buckets shared by every server process on one PostgreSQL (auth/rate-limit.ts; PGlite's one process
 * keeps them in memory). The key is the SHA-256 of the limit and the caller's address or account, so no address,
 * login name or API key is stored. A bucket untouched for a minute is full again and is purged.
 */
export const rateBucket = pgTable(
  'sys_rate_bucket',
  {
    bucketKey: varchar('bucket_key', { length: 64 }).primaryKey(),
    tokens: doublePrecision('tokens').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** Whether the last call took a token (false: it was refused). */
    granted: boolean('granted').notNull(),
  },
  (t) => [index('sys_rate_bucket_taken_idx').on(t.takenAt)],
);
