import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../../server/db/columns';
import { dept, user } from '../../../server/db/schema';

// The tables only this area writes; src/server/db/tables.ts registers them (drizzle-kit reads it).

/** Service-centre binding: a user's business centres. */
export const userServiceCentre = pgTable(
  'sys_user_service_centre',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => user.userId, { onDelete: 'cascade' }),
    deptId: integer('dept_id')
      .notNull()
      .references(() => dept.deptId, { onDelete: 'cascade' }),
    ...auditColumns('createBy', 'createTime', 'updateBy', 'updateTime'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deptId] }), index('sys_user_service_centre_dept_idx').on(t.deptId)],
);
