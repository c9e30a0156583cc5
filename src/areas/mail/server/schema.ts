import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, auditColumns } from '../../../server/db/columns';
import { file, outbox } from '../../../server/db/schema';

// The tables only this area writes; src/server/db/tables.ts registers them (drizzle-kit reads it).

export const mailAccount = pgTable(
  'msg_mail_account',
  {
    id: serial('id').primaryKey(),
    host: varchar('host', { length: 100 }).notNull(),
    port: integer('port').notNull(),
    ssl: boolean('ssl').notNull().default(true),
    protocol: varchar('protocol', { length: 10 }).notNull().default('smtp'),
    account: varchar('account', { length: 100 }).notNull().unique(),
    /** Password or authorization code, sealed with the server's key (SecretBox, purpose MAIL_SECRET_PURPOSE). */
    secretEnc: text('secret_enc').notNull(),
    active: boolean('active').notNull().default(false),
    ...auditColumns('createBy', 'createTime', 'updateTime', 'version'),
  },
  // At most one account is active: mail has one sender.
  (t) => [
    uniqueIndex('msg_mail_account_one_active_uq')
      .on(t.active)
      .where(sql`${t.active}`),
  ],
);

/** One sent mail (all its recipients in one message); its delivery state is its outbox row's. */
export const mailMessage = pgTable(
  'msg_mail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The account it goes out through; the address is kept in `sender` when the account is deleted. */
    accountId: integer('account_id').references(() => mailAccount.id, { onDelete: 'set null' }),
    sender: varchar('sender', { length: 100 }).notNull(),
    toAddresses: jsonb('to_addresses').$type<string[]>().notNull(),
    ccAddresses: jsonb('cc_addresses').$type<string[]>().notNull(),
    /** Searchable text of every recipient, lower case. */
    recipientText: text('recipient_text').notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    html: text('html').notNull(),
    duplicates: integer('duplicates').notNull().default(0),
    createBy: integer('create_by'),
    createName: varchar('create_name', { length: 50 }).notNull().default(''),
    deptId: integer('dept_id'),
    createTime: createdAt(),
    outboxId: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
  },
  (t) => [index('msg_mail_list_idx').on(t.createTime, t.id), index('msg_mail_dept_idx').on(t.deptId, t.createTime), uniqueIndex('msg_mail_outbox_uq').on(t.outboxId)],
);

/** A mail's attachments, in the order given: stored files kept while the mail is. */
export const mailAttachment = pgTable(
  'msg_mail_attachment',
  {
    mailId: bigint('mail_id', { mode: 'number' })
      .notNull()
      .references(() => mailMessage.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => file.fileId),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailId, t.fileId] }), index('msg_mail_attachment_file_idx').on(t.fileId)],
);
