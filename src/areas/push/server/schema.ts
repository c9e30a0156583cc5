import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, auditColumns } from '../../../server/db/columns';
import { outbox } from '../../../server/db/schema';

// The tables only this area writes; src/server/db/tables.ts registers them (drizzle-kit reads it).

/**
 * Push providers (issue 12: /polarLight, /newPolar/{id}): one JPush application each. secret_enc is the
 * Master Secret sealed by the server's secret box (purpose 'msg_push_provider.secret'); it is never returned.
 */
export const pushProvider = pgTable('msg_push_provider', {
  id: serial('id').primaryKey(),
  alias: varchar('alias', { length: 50 }).notNull().unique(),
  appKey: varchar('app_key', { length: 100 }).notNull(),
  secretEnc: text('secret_enc').notNull(),
  /** iOS pushes go to APNs production (true) or its development environment (false). */
  apnsProduction: boolean('apns_production').notNull().default(true),
  ...auditColumns('createBy', 'createName', 'createTime', 'updateBy', 'updateTime', 'version'),
});

/**
 * One push: the provider, audience and text as they were when pushed; its delivery state is its outbox row's
 * (channel push, msg_id as provider_message_id). dept_id is the sender's organisation (scope).
 */
export const pushRecord = pgTable(
  'msg_push_record',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id').references(() => pushProvider.id, { onDelete: 'set null' }),
    providerAlias: varchar('provider_alias', { length: 50 }).notNull(),
    /** 'all', 'alias' or 'tag'. */
    audienceType: varchar('audience_type', { length: 5 }).notNull(),
    /** The aliases or tags (a JSON array of strings), empty for everyone. */
    audience: jsonb('audience').notNull(),
    duplicates: integer('duplicates').notNull().default(0),
    title: varchar('title', { length: 50 }).notNull().default(''),
    alert: varchar('alert', { length: 500 }).notNull(),
    createBy: integer('create_by'),
    createName: varchar('create_name', { length: 50 }).notNull().default(''),
    deptId: integer('dept_id'),
    outboxId: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    createTime: createdAt(),
  },
  (t) => [
    index('msg_push_record_list_idx').on(t.createTime, t.id),
    index('msg_push_record_dept_idx').on(t.deptId, t.createTime),
    index('msg_push_record_provider_idx').on(t.providerId),
    uniqueIndex('msg_push_record_outbox_uq').on(t.outboxId),
  ],
);
