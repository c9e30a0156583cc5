/**
 * Every table: the kernel's (schema.ts) and those each area writes (areas/<area>/server/schema.ts). drizzle-kit reads
 * this file to generate migrations, and the database client is typed by it; a new area with tables adds its line here.
 */
export * from './schema';
export * from '../../areas/data-group/server/schema';
export * from '../../areas/dictionary/server/schema';
export * from '../../areas/internationalize/server/schema';
export * from '../../areas/mail/server/schema';
export * from '../../areas/notice/server/schema';
export * from '../../areas/push/server/schema';
export * from '../../areas/service-center/server/schema';
export * from '../../areas/system-api-key/server/schema';
