import { customType, integer, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Column builders every table's schema uses, the kernel's (schema.ts) and each area's (areas/<area>/server/schema.ts). */

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('create_time').notNull().defaultNow();

/**
 * The audit columns: who created a record (the user, and where a table keeps it the user's name at the time) and
 * when, who changed it last and when, and the version its saves count (optimistic concurrency). A table spreads
 * those it keeps, `...auditColumns('createBy', 'createTime')`, and has them in this order.
 */
const auditColumnBuilders = {
  createBy: () => integer('create_by'),
  createName: () => varchar('create_name', { length: 50 }).notNull().default(''),
  createTime: createdAt,
  updateBy: () => integer('update_by'),
  updateTime: () => ts('update_time'),
  version: () => integer('version').notNull().default(1),
};
type AuditColumns = { [K in keyof typeof auditColumnBuilders]: ReturnType<(typeof auditColumnBuilders)[K]> };

export function auditColumns<K extends keyof AuditColumns>(...names: K[]): Pick<AuditColumns, K> {
  return Object.fromEntries(Object.entries(auditColumnBuilders).flatMap(([name, build]) => (names.includes(name as K) ? [[name, build()]] : []))) as Pick<AuditColumns, K>;
}
