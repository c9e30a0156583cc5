import { index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../../server/db/columns';

// The tables only this area writes; src/server/db/tables.ts registers them (drizzle-kit reads it).

/** Data groups (spec 001 §2 /groupManage): organs belong to one. `version` counts saves (optimistic concurrency). */
export const dataGroup = pgTable('sys_data_group', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  number: varchar('number', { length: 50 }).notNull().unique(),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  ...auditColumns('createBy', 'createTime', 'updateTime', 'version'),
});

/** Organs (spec 001 §2 /organManage), each in a data group; a group with organs cannot be deleted. */
export const dataOrgan = pgTable(
  'sys_data_organ',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    number: varchar('number', { length: 50 }).notNull().unique(),
    groupId: integer('group_id').references(() => dataGroup.id, { onDelete: 'restrict' }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...auditColumns('createBy', 'createTime', 'updateTime', 'version'),
  },
  (t) => [index('sys_data_organ_group_idx').on(t.groupId)],
);
