import { index, integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../../server/db/columns';
import { menu } from '../../../server/db/schema';

// The tables only this area writes; src/server/db/tables.ts registers them (drizzle-kit reads it).

export const systemApiKey = pgTable(
  'sys_system_api_key',
  {
    id: serial('id').primaryKey(),
    systemMenuId: integer('system_menu_id')
      .notNull()
      .references(() => menu.menuId, { onDelete: 'cascade' }),
    systemName: varchar('system_name', { length: 50 }).notNull(),
    apiKey: varchar('api_key', { length: 64 }).notNull().unique(),
    apiCode: varchar('api_code', { length: 50 }).notNull().default(''),
    owner: varchar('owner', { length: 50 }).notNull().default(''),
    /** 1 usable, 2 not in use. */
    status: smallint('status').notNull().default(1),
    ...auditColumns('createBy', 'createTime', 'updateTime'),
  },
  (t) => [index('sys_system_api_key_system_idx').on(t.systemMenuId)],
);
