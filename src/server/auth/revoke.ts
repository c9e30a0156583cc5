import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Services } from '../context';
import type { Tx } from '../db/client';
import { accessToken, refreshToken } from '../db/schema';

/**
 * Ends one sign-in (a token family): its access and refresh tokens stop working at once. `alongside` runs in
 * the same transaction (the change's operation-log row).
 */
export async function revokeFamily(services: Services, familyId: string, alongside?: (tx: Tx) => Promise<void>): Promise<void> {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    await tx
      .update(accessToken)
      .set({ revokedAt: now })
      .where(and(eq(accessToken.familyId, familyId), isNull(accessToken.revokedAt)));
    await tx
      .update(refreshToken)
      .set({ revokedAt: now })
      .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
    if (alongside) await alongside(tx);
  });
  services.sessions.forgetFamily(familyId);
}

/** Ends every sign-in of a user (disabled, password reset), except `keepFamily` (the caller's own). */
export async function revokeUserSessions(services: Services, userId: number, keepFamily?: string): Promise<void> {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const accessWhere = keepFamily
      ? and(eq(accessToken.userId, userId), isNull(accessToken.revokedAt), ne(accessToken.familyId, keepFamily))
      : and(eq(accessToken.userId, userId), isNull(accessToken.revokedAt));
    const refreshWhere = keepFamily
      ? and(eq(refreshToken.userId, userId), isNull(refreshToken.revokedAt), ne(refreshToken.familyId, keepFamily))
      : and(eq(refreshToken.userId, userId), isNull(refreshToken.revokedAt));
    await tx.update(accessToken).set({ revokedAt: now }).where(accessWhere);
    await tx.update(refreshToken).set({ revokedAt: now }).where(refreshWhere);
  });
  services.sessions.forgetUser(userId);
}
