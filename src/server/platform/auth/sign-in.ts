import { createHash } from 'node:crypto';
import dayjs from 'dayjs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppStatus, LOCKOUT, TOKEN_FAMILY_MAX_SECONDS, UserStatus } from '../../../shared/constants';
import type { TokenPair } from '../../../shared/contract/auth';
import { rules } from '../../../shared/rules';
import { dummyPasswordHash, hashPassword, openTransportPassword, verifyPassword } from '../../auth/passwords';
import { revokeFamily, revokeUserSessions } from '../../auth/revoke';
import { hashToken, newFamilyId, newToken } from '../../auth/tokens';
import type { CallContext, Services } from '../../context';
import type { Tx } from '../../db/client';
import { accessToken, loginFailure, loginRecord, oauthClient, refreshToken, user } from '../../db/schema';
import { AppError, Errors } from '../../errors';
import { locate } from '../../geo/locate';
import { userByLoginName, type UserRow } from '../../auth/user-rows';
import { consumeCaptcha } from './captcha';

export type ClientRow = typeof oauthClient.$inferSelect;

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

/** The key attempts are counted under: one per login name, whatever its case, whether or not it exists. */
function attemptKey(username: string): string {
  return username.toLowerCase();
}

/** Advisory-lock namespace of sign-in attempts (the second key is the name's hash). */
const ATTEMPT_LOCK_SPACE = 7301;

/** Serialises the attempts on one login name: on PostgreSQL concurrent requests wait here; PGlite has one connection anyway. */
async function lockAttempts(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_SPACE}, hashtext(${key}))`);
}

async function attemptsOf(db: Tx, key: string): Promise<typeof loginFailure.$inferSelect | null> {
  const rows = await db.select().from(loginFailure).where(eq(loginFailure.username, key)).limit(1);
  return rows[0] ?? null;
}

/** A captcha is needed once a username has failed more times than the client's ignoreCodeTimes. */
export async function captchaNeeded(db: Tx, client: ClientRow | null, username: string): Promise<boolean> {
  const allowed = client?.additionalInformation.ignoreCodeTimes ?? 0;
  return ((await attemptsOf(db, attemptKey(username)))?.failures ?? 0) > allowed;
}

function lockSeconds(lockCount: number): number {
  return Math.min(LOCKOUT.firstLockSeconds * LOCKOUT.growthFactor ** Math.max(0, lockCount - 1), LOCKOUT.maxLockSeconds);
}

function lockedError(until: Date): AppError {
  return Errors.accountLocked(dayjs(until).format('YYYY-MM-DD HH:mm:ss Z'));
}

async function startLock(tx: Tx, key: string, lockCount: number, now: Date): Promise<Date> {
  const count = lockCount + 1;
  const until = new Date(now.getTime() + lockSeconds(count) * 1000);
  await tx.update(loginFailure).set({ lockFailures: 0, lockCount: count, lockedUntil: until }).where(eq(loginFailure.username, key));
  return until;
}

/** The counters as an attempt left them: what a right password ends. */
type Counted = { failures: number; lockFailures: number };

type Attempt = { kind: 'check'; counted: Counted } | { kind: 'locked'; until: Date } | { kind: 'captchaRequired' } | { kind: 'captchaWrong' };

/**
 * Counts an attempt before its password is checked, under the name's lock: however many attempts arrive at
 * once, no more passwords are checked than the captcha and lock rules allow. `captcha` null: the caller is
 * signed in already (own password change), where no captcha can be shown; the lock still applies.
 */
async function reserveAttempt(services: Services, key: string, client: ClientRow | null, captcha: { validCode?: string; uuid?: string } | null): Promise<Attempt> {
  const now = services.now();
  return services.db.transaction(async (tx): Promise<Attempt> => {
    await lockAttempts(tx, key);
    const row = await attemptsOf(tx, key);
    if (row?.lockedUntil && row.lockedUntil > now) return { kind: 'locked', until: row.lockedUntil };
    if (captcha && (row?.failures ?? 0) > (client?.additionalInformation.ignoreCodeTimes ?? 0)) {
      if (!captcha.validCode || !captcha.uuid) return { kind: 'captchaRequired' };
      if (!(await consumeCaptcha(tx, captcha.uuid, captcha.validCode, now))) return { kind: 'captchaWrong' };
    }
    const counted = await tx
      .insert(loginFailure)
      .values({ username: key, failures: 1, lockFailures: 1, lastFailure: now })
      .onConflictDoUpdate({ target: loginFailure.username, set: { failures: sql`${loginFailure.failures} + 1`, lockFailures: sql`${loginFailure.lockFailures} + 1`, lastFailure: now } })
      .returning({ failures: loginFailure.failures, lockFailures: loginFailure.lockFailures, lockCount: loginFailure.lockCount });
    const { failures, lockFailures, lockCount } = counted[0]!;
    if (lockFailures > LOCKOUT.failuresBeforeLock) return { kind: 'locked', until: await startLock(tx, key, lockCount, now) };
    return { kind: 'check', counted: { failures, lockFailures } };
  });
}

/** After a wrong password: the attempt that reaches the limit starts the lock. */
async function settleFailure(services: Services, key: string): Promise<Date | null> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    await lockAttempts(tx, key);
    const row = await attemptsOf(tx, key);
    if (!row) return null;
    if (row.lockedUntil && row.lockedUntil > now) return row.lockedUntil;
    if (row.lockFailures >= LOCKOUT.failuresBeforeLock) return startLock(tx, key, row.lockCount, now);
    return null;
  });
}

/**
 * A right password ends the failures counted up to its own attempt, once. Guesses counted since, while it
 * was checked or its sign-in completed, stay counted: forgetting them would check more passwords than the
 * captcha and lock allow, and lift a lock they started. (Two right passwords checked at the same moment may
 * together end a guess counted between them; each ends no more than its own attempt had counted.)
 */
async function endFailuresUpTo(services: Services, key: string, counted: Counted): Promise<void> {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    await lockAttempts(tx, key);
    const row = await attemptsOf(tx, key);
    if (!row) return;
    const failures = Math.max(0, row.failures - counted.failures);
    const lockFailures = Math.max(0, row.lockFailures - counted.lockFailures);
    const locked = row.lockedUntil !== null && row.lockedUntil > now;
    if (failures === 0 && lockFailures === 0 && !locked) await tx.delete(loginFailure).where(eq(loginFailure.username, key));
    // Outside a lock the owner's success also restarts the lengths of the locks to come, as a removed row would.
    else
      await tx
        .update(loginFailure)
        .set({ failures, lockFailures, lockCount: locked ? row.lockCount : 0 })
        .where(eq(loginFailure.username, key));
  });
}

/**
 * A sign-in proven without a password (the messenger's): refused while the name is locked, otherwise it ends every
 * failure counted before it. Both under the name's lock, so a lock a burst of guesses starts meanwhile is never lifted.
 */
export async function endFailureRunUnlessLocked(services: Services, username: string): Promise<void> {
  const key = attemptKey(username);
  const now = services.now();
  const lockedUntil = await services.db.transaction(async (tx) => {
    await lockAttempts(tx, key);
    const row = await attemptsOf(tx, key);
    if (row?.lockedUntil && row.lockedUntil > now) return row.lockedUntil;
    if (row) await tx.delete(loginFailure).where(eq(loginFailure.username, key));
    return null;
  });
  if (lockedUntil) throw lockedError(lockedUntil);
}

/**
 * Checks a password against a user (or, for an unknown name, against a dummy hash, so the answer and its
 * timing do not tell names apart) with the lock and, when `captcha` is given, the captcha rule. The hash is
 * verified outside any transaction so the single PGlite connection is never held for it.
 */
export async function verifyAttempt(
  services: Services,
  request: { username: string; found: UserRow | null; plain: string; client: ClientRow | null; captcha: { validCode?: string; uuid?: string } | null; wrongPassword: () => AppError },
): Promise<void> {
  const key = attemptKey(request.username);
  const attempt = await reserveAttempt(services, key, request.client, request.captcha);
  if (attempt.kind === 'locked') throw lockedError(attempt.until);
  if (attempt.kind === 'captchaRequired') throw Errors.captchaRequired();
  if (attempt.kind === 'captchaWrong') throw Errors.captchaWrong();
  const matches = await verifyPassword(request.found?.passwordHash ?? (await dummyPasswordHash()), request.plain);
  if (request.found && matches) {
    // The right password ends the run of failures, whatever the call does next; nothing after it ends them again.
    await endFailuresUpTo(services, key, attempt.counted);
    return;
  }
  const lockedUntil = await settleFailure(services, key);
  if (lockedUntil) throw lockedError(lockedUntil);
  throw request.wrongPassword();
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
  const plain = await openTransportPassword(request.passwordField, request.sealedPassword, services.config.transportSecret);
  const shape = rules.loginPassword.safeParse(plain);
  if (!shape.success) throw Errors.invalid(request.passwordField, shape.error.issues[0]?.message ?? 'validation.format');
  const found = await userByLoginName(services.db, request.username);
  await verifyAttempt(services, {
    username: request.username,
    found,
    plain,
    client: request.client,
    captcha: { validCode: request.validCode, uuid: request.uuid },
    wrongPassword: Errors.badCredentials,
  });
  if (found!.status !== UserStatus.Enabled) throw Errors.userDisabled();
  return found!;
}

/** A new token pair; a rotation passes its family and when that family began, so no rotation outlives the family's lifetime. */
export async function issueTokens(tx: Tx, services: Services, found: Pick<UserRow, 'userId'>, client: ClientRow, family: { id: string; startedAt: Date } | null = null): Promise<TokenPair> {
  const now = services.now();
  const familyId = family?.id ?? newFamilyId();
  const familyStartedAt = family?.startedAt ?? now;
  const access = newToken();
  const refresh = newToken();
  await tx.insert(accessToken).values({
    tokenHash: hashToken(access),
    familyId,
    userId: found.userId,
    clientId: client.id,
    expiresAt: new Date(now.getTime() + client.accessTokenValiditySeconds * 1000),
    createTime: now,
  });
  await tx.insert(refreshToken).values({
    tokenHash: hashToken(refresh),
    familyId,
    userId: found.userId,
    clientId: client.id,
    expiresAt: new Date(Math.min(now.getTime() + client.refreshTokenValiditySeconds * 1000, familyStartedAt.getTime() + TOKEN_FAMILY_MAX_SECONDS * 1000)),
    familyStartedAt,
    createTime: now,
  });
  return { accessToken: access, refreshToken: refresh, tokenType: 'bearer', expiresIn: client.accessTokenValiditySeconds };
}

/** A successful sign-in, its identity proven (and its failures ended) by the caller: the visit recorded, a new token family issued. */
export async function completeSignIn(ctx: CallContext, found: UserRow, client: ClientRow, extra?: (tx: Tx) => Promise<void>): Promise<TokenPair> {
  const services = ctx.services;
  const now = services.now();
  const familyId = newFamilyId();
  const region = locate(ctx.ip).province;
  return services.db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ lastLoginTime: now, loginCount: sql`${user.loginCount} + 1` })
      .where(eq(user.userId, found.userId));
    await tx.insert(loginRecord).values({ userId: found.userId, username: found.username, clientId: client.clientId, ip: ctx.ip, region, familyId, loginTime: now });
    const tokens = await issueTokens(tx, services, found, client, { id: familyId, startedAt: now });
    // Last: what it logs takes the operation log's lock, held until the commit.
    if (extra) await extra(tx);
    return tokens;
  });
}

export async function passwordSignIn(
  ctx: CallContext,
  request: { clientId: string; clientSecret: string; username: string; password: string; validCode?: string; uuid?: string },
  extra?: (tx: Tx, found: UserRow, client: ClientRow) => Promise<void>,
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
  if (mustChangePassword(found, client, services.now())) throw Errors.mustChangePassword();
  return completeSignIn(ctx, found, client, extra ? (tx) => extra(tx, found, client) : undefined);
}

/**
 * Rotates a refresh token. Claiming it is one atomic update, so two concurrent uses cannot both succeed;
 * a token that was already used (or revoked) revokes its whole family: someone replayed it. The holder's
 * row is read FOR UPDATE, so a rotation and a password reset of the same user never interleave: either
 * the reset sees the new tokens and revokes them, or the rotation sees the reset's cut-off and refuses.
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
      const known = await tx
        .select({ familyId: refreshToken.familyId, status: user.status })
        .from(refreshToken)
        .innerJoin(user, eq(user.userId, refreshToken.userId))
        .where(eq(refreshToken.tokenHash, tokenHash))
        .limit(1);
      // Disabling a user revokes their tokens: the client is told why the session ended, not just that it did.
      if (known[0] && known[0].status !== UserStatus.Enabled) return { kind: 'disabled' as const };
      return { kind: 'reused' as const, familyId: known[0]?.familyId ?? null };
    }
    if (row.expiresAt <= now) return { kind: 'expired' as const };
    const owner = await tx.select().from(oauthClient).where(eq(oauthClient.id, row.clientId)).limit(1);
    const ownerClient = owner[0];
    if (!ownerClient || ownerClient.status !== AppStatus.Usable || (client && client.id !== ownerClient.id)) return { kind: 'client' as const };
    const holder = (await tx.select().from(user).where(eq(user.userId, row.userId)).limit(1).for('update'))[0];
    if (!holder || holder.status !== UserStatus.Enabled) return { kind: 'disabled' as const };
    if (holder.tokensValidAfter && row.createTime < holder.tokensValidAfter) return { kind: 'expired' as const };
    if (mustChangePassword(holder, ownerClient, now)) return { kind: 'mustChange' as const, familyId: row.familyId };
    await tx
      .update(accessToken)
      .set({ revokedAt: now })
      .where(and(eq(accessToken.familyId, row.familyId), isNull(accessToken.revokedAt)));
    return { kind: 'ok' as const, pair: await issueTokens(tx, services, holder, ownerClient, { id: row.familyId, startedAt: row.familyStartedAt }), familyId: row.familyId };
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
    case 'mustChange':
      await revokeFamily(services, outcome.familyId);
      throw Errors.mustChangePassword();
  }
}

/**
 * Sets a new password after the rules; the user's other sign-ins end. Without `keepFamily` (a change
 * before signing in) every token issued so far is void, even one a concurrent refresh is minting.
 * `alongside` runs in the same transaction (the change's operation-log row). The caller has checked the
 * old password, which ended the run of failures.
 */
export async function setNewPassword(services: Services, found: UserRow, oldPlain: string, sealedNew: string, keepFamily: string | undefined, alongside: (tx: Tx) => Promise<void>): Promise<void> {
  const plain = await openTransportPassword('newPassword', sealedNew, services.config.transportSecret);
  const shape = rules.newPassword.safeParse(plain);
  if (!shape.success) throw Errors.invalid('newPassword', shape.error.issues[0]?.message ?? 'validation.newPasswordRule');
  if (plain === oldPlain) throw Errors.passwordUnchanged();
  const passwordHash = await hashPassword(plain);
  const now = services.now();
  await services.db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ passwordHash, passwordChangedAt: now, updateTime: now, version: sql`${user.version} + 1`, ...(keepFamily ? {} : { tokensValidAfter: now }) })
      .where(eq(user.userId, found.userId));
    await alongside(tx);
  });
  await revokeUserSessions(services, found.userId, keepFamily);
}
