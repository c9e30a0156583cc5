import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { user } from '../db/schema';

/** A user as stored: the user module's look-ups, which sign-in, the session calls and scope checks share. */
export type UserRow = typeof user.$inferSelect;

export async function userById(db: Tx, userId: number): Promise<UserRow | null> {
  const rows = await db.select().from(user).where(eq(user.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** Login names are unique whatever their case. */
export async function userByLoginName(db: Tx, username: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(user)
    .where(eq(sql`lower(${user.username})`, username.toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}
