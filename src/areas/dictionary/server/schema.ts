import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../../server/db/columns';

// The tables only this area writes; src/server/db/tables.ts registers them (drizzle-kit reads it).

export const dictionary = pgTable(
  'sys_dictionary',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => dictionary.id, { onDelete: 'cascade' }),
    dictNo: varchar('dict_no', { length: 50 }).notNull(),
    dictName: varchar('dict_name', { length: 50 }).notNull(),
    dictOrder: integer('dict_order').notNull().default(0),
    /** '1' use, '0' stop. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    /** '1' can be updated, '0' not. */
    updated: varchar('updated', { length: 1 }).notNull().default('1'),
    ...auditColumns('createBy', 'createTime', 'updateBy', 'updateTime', 'version'),
  },
  (t) => [uniqueIndex('sys_dictionary_no_uq').on(sql`coalesce(${t.parentId}, 0)`, t.dictNo), index('sys_dictionary_name_idx').on(t.dictName)],
);

export const dictionaryName = pgTable(
  'sys_dictionary_name',
  {
    id: serial('id').primaryKey(),
    dictId: integer('dict_id')
      .notNull()
      .references(() => dictionary.id, { onDelete: 'cascade' }),
    langId: varchar('lang_id', { length: 10 }).notNull(),
    langName: varchar('lang_name', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('sys_dictionary_name_uq').on(t.dictId, t.langId)],
);
