import { createHash } from 'node:crypto';
import dayjs from 'dayjs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppStatus, LOCKOUT, UserStatus } from '../../../shared/constants';
import type { TokenPair } from '../../../shared/contract/auth';
import { rules } from '../../../shared/rules';
import { dummyPasswordHash, hashPassword, openTransportPassword, verifyPassword } from '../../auth/passwords';
import { revokeFamily, revokeUserSessions } from '../../auth/revoke';
import { hashToken, newFamilyId, newToken } from '../../auth/tokens';
import type { CallContext, Services } from '../../context';
import type { Tx } from '../../db/client';
import { accessToken, loginFailure, loginRecord, oauthClient, refreshToken, user } from '../../db/schema';
import { AppError, Errors } from '../../errors';
import { consumeCaptcha } from './captcha';

export type ClientRow = typeof oauthClient.$inferSelect;
export type UserRow = typeof user.$inferSelect;

function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export { secretHash as clientSecretHash };

/** A usable OAuth client whose secret matches; otherwise A0250. */
export async function authenticateClient(db: Tx, clientId: string, clientSecret: string): Promise<ClientRow> {
  const found = await db.select().from(oauthClient).where(eq(oauthClient.clientId, clientId)).limit(1);
  const client = found[0];
  if (!client || client.status !== AppStatus.Usable || client.clientSecretHash !== secretHash(clientSecret)) throw Errors.invalidClient();
  return client;
}

export async function findClient(db: Tx, clientId: string): Promise<ClientRow | null> {
  const found = await db.select().from(oauthClient).where(eq(oauthClient.clientId, clientId)).limit(1);
  return found[0] ?? null;
}

async function failuresOf(db: Tx, username: string): Promise<number> {
  const rows = await db.select({ failures: loginFailure.failures }).from(loginFailure).where(eq(loginFailure.username, username.toLowerCase())).limit(1);
  return rows[0]?.failures ?? 0;
}

/** A captcha is needed once a username has failed more times than the client's ignoreCodeTimes. */
export async function captchaNeeded(db: Tx, client: ClientRow | null, username: string): Promise<boolean> {
  const allowed = client?.additionalInformation.ignoreCodeTimes ?? 0;
  return (await failuresOf(db, username)) > allowed;
}

async function findUser(db: Tx, username: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(user)
    .where(eq(sql`lower(${user.username})`, username.toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

function lockSeconds(lockCount: number): number {
  return Math.min(LOCKOUT.firstLockSeconds * LOCKOUT.growthFactor ** Math.max(0, lockCount - 1), LOCKOUT.maxLockSeconds);
}

function lockedError(until: Date): AppError {
  return Errors.accountLocked(dayjs(until).format('YYYY-MM-DD HH:mm:ss Z'));
}

/** Counts a failed password: by name (captcha) and on the account (lockout with growing waits). */
async function recordFailure(services: Services, username: string, found: UserRow | null): Promise<Date | null> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    await tx
      .insert(loginFailure)
      .values({ username: username.toLowerCase(), failures: 1, lastFailure: now })
      .onConflictDoUpdate({ target: loginFailure.username, set: { failures: sql`${loginFailure.failures} + 1`, lastFailure: now } });
    if (!found) return null;
    const updated = await tx
      .update(user)
      .set({ failedAttempts: sql`${user.failedAttempts} + 1` })
      .where(eq(user.userId, found.userId))
      .returning({ failedAttempts: user.failedAttempts, lockCount: user.lockCount });
    const row = updated[0];
    if (!row || row.failedAttempts < LOCKOUT.failuresBeforeLock) return null;
    const lockCount = row.lockCount + 1;
    const until = new Date(now.getTime() + lockSeconds(lockCount) * 1000);
    await tx.update(user).set({ failedAttempts: 0, lockCount, lockedUntil: until }).where(eq(user.userId, found.userId));
    return until;
  });
}

async function clearFailures(tx: Tx, found: UserRow): Promise<void> {
  await tx.delete(loginFailure).where(eq(loginFailure.username, found.username.toLowerCase()));
  await tx.update(user).set({ failedAttempts: 0, lockCount: 0, lockedUntil: null }).where(eq(user.userId, found.userId));
}

export function mustChangePassword(found: UserRow, client: ClientRow, now: Date): boolean {
  if (client.additionalInformation.firstChangePwd === '1' && !found.passwordChangedAt) return true;
  if (client.passwordDay > 0) {
    const since = found.passwordChangedAt ?? found.createTime;
    return since.getTime() + client.passwordDay * 86_400_000 <= now.getTime();
  }
  return false;
}

export function passwordExpiresAt(found: Pick<UserRow, 'passwordChangedAt' | 'createTime'>, client: Pick<ClientRow, 'passwordDay'>): Date | null {
  if (client.passwordDay <= 0) return null;
  return new Date((found.passwordChangedAt ?? found.createTime).getTime() + client.passwordDay * 86_400_000);
}

/**
 * Checks a username and password with the captcha and lockout rules. The password hash is verified
 * outside any transaction so the single PGlite connection is never held for it.
 */
export async function checkCredentials(
  services: Services,
  request: { client: ClientRow | null; username: string; sealedPassword: string; passwordField: string; validCode?: string; uuid?: string },
): Promise<UserRow> {
  const { db, config } = services;
  const plain = await openTransportPassword(request.passwordField, request.sealedPassword, config.transportSecret);
  const shape = rules.loginPassword.safeParse(plain);
  if (!shape.success) throw Errors.invalid(request.passwordField, shape.error.issues[0]?.message ?? 'validation.format');

  if (await captchaNeeded(db, request.client, request.username)) {
    if (!request.validCode || !request.uuid) throw Errors.captchaRequired();
    if (!(await consumeCaptcha(db, request.uuid, request.validCode, services.now()))) throw Errors.captchaWrong();
  }

  const found = await findUser(db, request.username);
  if (found?.lockedUntil && found.lockedUntil > services.now()) throw lockedError(found.lockedUntil);

  const matches = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), plain);
  if (!found || !matches) {
    const lockedUntil = await recordFailure(services, request.username, found);
    if (lockedUntil) throw lockedError(lockedUntil);
    throw Errors.badCredentials();
  }
  if (found.status !== UserStatus.Enabled) throw Errors.userDisabled();
  return found;
}

export async function issueTokens(tx: Tx, services: Services, found: Pick<UserRow, 'userId'>, client: ClientRow, familyId = newFamilyId()): Promise<TokenPair> {
  const now = services.now();
  const access = newToken();
  const refresh = newToken();
  await tx.insert(accessToken).values({
    tokenHash: hashToken(access),
    familyId,
    userId: found.userId,
    clientId: client.id,
    expiresAt: new Date(now.getTime() + client.accessTokenValiditySeconds * 1000),
  });
  await tx.insert(refreshToken).values({
    tokenHash: hashToken(refresh),
    familyId,
    userId: found.userId,
    clientId: client.id,
    expiresAt: new Date(now.getTime() + client.refreshTokenValiditySeconds * 1000),
  });
  return { accessToken: access, refreshToken: refresh, tokenType: 'bearer', expiresIn: client.accessTokenValiditySeconds };
}

/** A successful sign-in: counters cleared, the visit recorded, a new token family issued. */
export async function completeSignIn(ctx: CallContext, found: UserRow, client: ClientRow, extra?: (tx: Tx) => Promise<void>): Promise<TokenPair> {
  const services = ctx.services;
  const now = services.now();
  return services.db.transaction(async (tx) => {
    await clearFailures(tx, found);
    if (extra) await extra(tx);
    await tx.update(user).set({ lastLoginTime: now, loginCount: sql`${user.loginCount} + 1` }).where(eq(user.userId, found.userId));
    await tx.insert(loginRecord).values({ userId: found.userId, username: found.username, clientId: client.clientId, ip: ctx.ip, loginTime: now });
    return issueTokens(tx, services, found, client);
  });
}

export async function passwordSignIn(
  ctx: CallContext,
  request: { clientId: string; clientSecret: string; username: string; password: string; validCode?: string; uuid?: string },
  extra?: (tx: Tx, found: UserRow) => Promise<void>,
): Promise<TokenPair> {
  const services = ctx.services;
  const client = await authenticateClient(services.db, request.clientId, request.clientSecret);
  const found = await checkCredentials(services, {
    client,
    username: request.username,
    sealedPassword: request.password,
    passwordField: 'password',
    validCode: request.validCode,
    uuid: request.uuid,
  });
  if (mustChangePassword(found, client, services.now())) {
    await services.db.transaction((tx) => clearFailures(tx, found));
    throw Errors.mustChangePassword();
  }
  return completeSignIn(ctx, found, client, extra ? (tx) => extra(tx, found) : undefined);
}

/**
 * Rotates a refresh token. Claiming it is one atomic update, so two concurrent uses cannot both succeed;
 * a token that was already used (or revoked) revokes its whole family: someone replayed it.
 */
export async function rotateRefreshToken(services: Services, presented: string, client: ClientRow | null): Promise<TokenPair> {
  const now = services.now();
  const tokenHash = hashToken(presented);
  const outcome = await services.db.transaction(async (tx) => {
    const claimed = await tx
      .update(refreshToken)
      .set({ usedAt: now })
      .where(and(eq(refreshToken.tokenHash, tokenHash), isNull(refreshToken.usedAt), isNull(refreshToken.revokedAt)))
      .returning();
    const row = claimed[0];
    if (!row) {
      const known = await tx.select({ familyId: refreshToken.familyId, status: user.status }).from(refreshToken).innerJoin(user, eq(user.userId, refreshToken.userId)).where(eq(refreshToken.tokenHash, tokenHash)).limit(1);
      // Disabling a user revokes their tokens: the client is told why the session ended, not just that it did.
      if (known[0] && known[0].status !== UserStatus.Enabled) return { kind: 'disabled' as const };
      return { kind: 'reused' as const, familyId: known[0]?.familyId ?? null };
    }
    if (row.expiresAt <= now) return { kind: 'expired' as const };
    const owner = await tx.select().from(oauthClient).where(eq(oauthClient.id, row.clientId)).limit(1);
    const ownerClient = owner[0];
    if (!ownerClient || ownerClient.status !== AppStatus.Usable || (client && client.id !== ownerClient.id)) return { kind: 'client' as const };
    const holder = await tx.select().from(user).where(eq(user.userId, row.userId)).limit(1);
    if (!holder[0] || holder[0].status !== UserStatus.Enabled) return { kind: 'disabled' as const };
    await tx.update(accessToken).set({ revokedAt: now }).where(and(eq(accessToken.familyId, row.familyId), isNull(accessToken.revokedAt)));
    return { kind: 'ok' as const, pair: await issueTokens(tx, services, holder[0], ownerClient, row.familyId), familyId: row.familyId };
  });
  switch (outcome.kind) {
    case 'ok':
      services.sessions.forgetFamily(outcome.familyId);
      return outcome.pair;
    case 'reused':
      if (outcome.familyId) await revokeFamily(services, outcome.familyId);
      throw Errors.invalidGrant();
    case 'expired':
      throw Errors.invalidGrant();
    case 'client':
      throw Errors.invalidClient();
    case 'disabled':
      throw Errors.userDisabled();
  }
}

/** Sets a new password after the rules; the user's other sign-ins end. */
export async function setNewPassword(services: Services, found: UserRow, oldPlain: string, sealedNew: string, keepFamily?: string): Promise<void> {
  const plain = await openTransportPassword('newPassword', sealedNew, services.config.transportSecret);
  const shape = rules.newPassword.safeParse(plain);
  if (!shape.success) throw Errors.invalid('newPassword', shape.error.issues[0]?.message ?? 'validation.newPasswordRule');
  if (plain === oldPlain) throw Errors.passwordUnchanged();
  const passwordHash = await hashPassword(plain);
  await services.db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ passwordHash, passwordChangedAt: services.now(), failedAttempts: 0, lockCount: 0, lockedUntil: null, updateTime: services.now(), version: sql`${user.version} + 1` })
      .where(eq(user.userId, found.userId));
    await tx.delete(loginFailure).where(eq(loginFailure.username, found.username.toLowerCase()));
  });
  await revokeUserSessions(services, found.userId, keepFamily);
}

export async function userById(db: Tx, userId: number): Promise<UserRow | null> {
  const rows = await db.select().from(user).where(eq(user.userId, userId)).limit(1);
  return rows[0] ?? null;
}
