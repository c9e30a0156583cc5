import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { CacheBroadcast, SharedCache } from './authz-channel';
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

/** The PostgreSQL channel on which server processes announce ended sessions. */
export const SESSIONS_CHANNEL = 'console_sessions_changed';

/** What a `forget…` call tells the other processes: `family <id>`, `user <id>`, `client <id>`. */
type Forget = 'family' | 'user' | 'client';

/**
 * Resolves bearer tokens to sessions. Valid sessions are cached in memory so an authenticated call costs
 * no query; every revocation goes through this store, which drops the cached entries at once, here and
 * (PostgreSQL LISTEN/NOTIFY, see `connectCacheChannel`) in the other server processes on the database.
 */
export class SessionStore implements SharedCache {
  private readonly cache = new Map<string, SessionInfo>();
  /** Bumps on every forget: a lookup that started before one does not cache what it read. */
  private generation = 0;
  private broadcast: CacheBroadcast | null = null;

  constructor(private readonly db: Db) {}

  broadcastTo(broadcast: CacheBroadcast | null): void {
    this.broadcast = broadcast;
  }

  async resolve(token: string, now = new Date()): Promise<ResolvedSession> {
    const tokenHash = hashToken(token);
    const generation = this.generation;
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
    // A revocation committed while this lookup ran may be missing from what it read: answer, but keep nothing.
    if (generation !== this.generation) return { kind: 'valid', session };
    if (this.cache.size >= MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(tokenHash, session);
    return { kind: 'valid', session };
  }

  forgetFamily(familyId: string): void {
    this.forget('family', familyId);
  }

  forgetUser(userId: number): void {
    this.forget('user', String(userId));
  }

  forgetClient(clientDbId: number): void {
    this.forget('client', String(clientDbId));
  }

  /** Another process ended sessions (`kind id`, as `forget` published it), or its news may have been missed (no detail). */
  dropCaches(detail?: string): void {
    const [kind, id] = detail?.split(' ') ?? [];
    if (id !== undefined && (kind === 'family' || kind === 'user' || kind === 'client')) this.drop(kind, id);
    else this.forgetAll();
  }

  /** Forgets every session cached in this process: the next call of each is looked up again. */
  forgetAll(): void {
    this.generation++;
    this.cache.clear();
  }

  private forget(kind: Forget, id: string): void {
    this.drop(kind, id);
    this.broadcast?.publish(`${kind} ${id}`);
  }

  private drop(kind: Forget, id: string): void {
    this.generation++;
    for (const [hash, session] of this.cache) {
      const of = kind === 'family' ? session.familyId : String(kind === 'user' ? session.userId : session.clientDbId);
      if (of === id) this.cache.delete(hash);
    }
  }
}
