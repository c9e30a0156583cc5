import { index, integer, pgTable, primaryKey, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { ts, createdAt } from '../../../server/db/columns';
import { dept, role, user } from '../../../server/db/schema';

// The tables only this area writes; src/server/db/tables.ts registers them (drizzle-kit reads it).

/**
 * Notices published to the console's users (all, an organisation's subtree, or the holders of a role) for a
 * window [start_time, end_time). A deleted organisation or role leaves its notices reaching nobody.
 */
export const notice = pgTable(
  'msg_notice',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 50 }).notNull(),
    /** Plain text, or HTML sanitised at save (content_format 'text' or 'html'). */
    content: text('content').notNull(),
    contentFormat: varchar('content_format', { length: 4 }).notNull().default('text'),
    /** 'all', 'org' (audience_dept_id and below) or 'role' (holders of audience_role_id). */
    audienceType: varchar('audience_type', { length: 4 }).notNull().default('all'),
    audienceDeptId: integer('audience_dept_id').references(() => dept.deptId, { onDelete: 'set null' }),
    audienceRoleId: integer('audience_role_id').references(() => role.roleId, { onDelete: 'set null' }),
    /** 1 published, 0 withdrawn. */
    status: smallint('status').notNull().default(1),
    startTime: ts('start_time').notNull().defaultNow(),
    endTime: ts('end_time').notNull(),
    createBy: integer('create_by'),
    createTime: createdAt(),
    withdrawBy: integer('withdraw_by'),
    withdrawTime: ts('withdraw_time'),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('msg_notice_active_idx').on(t.status, t.startTime), index('msg_notice_list_idx').on(t.createTime, t.id)],
);

/** Who has read which notice: one row per reader, written when the reader opens it. */
export const noticeRead = pgTable(
  'msg_notice_read',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => user.userId, { onDelete: 'cascade' }),
    readTime: ts('read_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('msg_notice_read_user_idx').on(t.userId)],
);
