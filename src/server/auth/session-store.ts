import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessToken, oauthClient, user } from '../db/schema';
import { hashToken } from './tokens';

export interface SessionInfo {
  tokenHash: string;
  familyId: string;
  userId: number;
  username: string;
  name: string;
  clientDbId: number;
  clientId: string;
  expiresAt: Date;
}

export type ResolvedSession = { kind: 'valid'; session: SessionInfo } | { kind: 'disabled' } | { kind: 'invalid' };

const MAX_CACHED = 20_000;

/**
 * Resolves bearer tokens to sessions. Valid sessions are cached in memory so an authenticated call costs
 * no query; every revocation goes through this store (one server process owns its database), which drops
 * the cached entries at once.
 */
export class SessionStore {
  private readonly cache = new Map<string, SessionInfo>();

  constructor(private readonly db: Db) {}

  async resolve(token: string, now = new Date()): Promise<ResolvedSession> {
    const tokenHash = hashToken(token);
    const cached = this.cache.get(tokenHash);
    if (cached) {
      if (cached.expiresAt > now) return { kind: 'valid', session: cached };
      this.cache.delete(tokenHash);
      return { kind: 'invalid' };
    }
    const rows = await this.db
      .select({
        familyId: accessToken.familyId,
        userId: accessToken.userId,
        expiresAt: accessToken.expiresAt,
        revokedAt: accessToken.revokedAt,
        issuedAt: accessToken.createTime,
        tokensValidAfter: user.tokensValidAfter,
        username: user.username,
        name: user.name,
        status: user.status,
        clientDbId: oauthClient.id,
        clientId: oauthClient.clientId,
        clientStatus: oauthClient.status,
      })
      .from(accessToken)
      .innerJoin(user, eq(user.userId, accessToken.userId))
      .innerJoin(oauthClient, eq(oauthClient.id, accessToken.clientId))
      .where(and(eq(accessToken.tokenHash, tokenHash), gt(accessToken.expiresAt, now)))
      .limit(1);
    const row = rows[0];
    if (!row) return { kind: 'invalid' };
    if (row.status !== 1) return { kind: 'disabled' };
    if (row.revokedAt || row.clientStatus !== '0') return { kind: 'invalid' };
    if (row.tokensValidAfter && row.issuedAt < row.tokensValidAfter) return { kind: 'invalid' };
    const session: SessionInfo = {
      tokenHash,
      familyId: row.familyId,
      userId: row.userId,
      username: row.username,
      name: row.name,
      clientDbId: row.clientDbId,
      clientId: row.clientId,
      expiresAt: row.expiresAt,
    };
    if (this.cache.size >= MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(tokenHash, session);
    return { kind: 'valid', session };
  }

  forgetFamily(familyId: string): void {
    for (const [hash, session] of this.cache) if (session.familyId === familyId) this.cache.delete(hash);
  }

  forgetUser(userId: number): void {
    for (const [hash, session] of this.cache) if (session.userId === userId) this.cache.delete(hash);
  }

  forgetClient(clientDbId: number): void {
    for (const [hash, session] of this.cache) if (session.clientDbId === clientDbId) this.cache.delete(hash);
  }

  /** A renamed user keeps their session; only the cached name changes. */
  forgetAll(): void {
    this.cache.clear();
  }
}
