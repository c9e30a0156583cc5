import { index, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../../server/db/columns';

// The tables only this area writes; src/server/db/tables.ts registers them (drizzle-kit reads it).

export const i18nText = pgTable(
  'sys_i18n_text',
  {
    id: serial('id').primaryKey(),
    chinese: varchar('chinese', { length: 200 }).notNull(),
    english: varchar('english', { length: 200 }).notNull().default(''),
    german: varchar('german', { length: 200 }).notNull().default(''),
    korean: varchar('korean', { length: 200 }).notNull().default(''),
    japanese: varchar('japanese', { length: 200 }).notNull().default(''),
    /** 1 usable, 2 unusable. */
    status: smallint('status').notNull().default(1),
    operater: varchar('operater', { length: 50 }).notNull().default(''),
    ...auditColumns('createTime', 'updateTime', 'version'),
  },
  (t) => [uniqueIndex('sys_i18n_text_chinese_uq').on(t.chinese), index('sys_i18n_text_status_idx').on(t.status)],
);
