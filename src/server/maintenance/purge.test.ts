import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { api } from '../../shared/contract';
import { UNDO_GRACE_SECONDS } from '../../shared/constants';
import { DEFAULT_CLIENT_ID } from '../../shared/defaults';
import { accessToken, bindTicket, captcha, loginFailure, oauthClient, refreshToken, undoSnapshot, user } from '../db/schema';
import { startTestServer, type TestServer } from '../testing/harness';
import { LOGIN_FAILURE_KEPT_MS, purgeExpired } from './purge';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const MINUTE = 60_000;
const hash = (n: number, tag: string) => `${tag}${String(n).padStart(64 - tag.length, '0')}`;

/** `count` rows of each kind expiring `expiresInMs` from now (negative: already expired), tagged to tell them apart. */
async function insertExpiring(tag: string, count: number, expiresInMs: number): Promise<void> {
  const db = server.services.db;
  const expiresAt = new Date(server.clock.now().getTime() + expiresInMs);
  const userId = (await db.select().from(user).where(eq(user.username, 'admin')))[0]!.userId;
  const clientId = (await db.select().from(oauthClient))[0]!.id;
  const numbers = Array.from({ length: count }, (_, i) => i);
  await db.insert(captcha).values(numbers.map((n) => ({ uuid: randomUUID(), codeHash: hash(n, tag), expiresAt })));
  await db.insert(accessToken).values(numbers.map((n) => ({ tokenHash: hash(n, tag), familyId: tag, userId, clientId, expiresAt, revokedAt: n % 2 ? server.clock.now() : null })));
  await db.insert(refreshToken).values(numbers.map((n) => ({ tokenHash: hash(n, tag), familyId: tag, userId, clientId, expiresAt })));
  await db.insert(bindTicket).values(numbers.map((n) => ({ ticketHash: hash(n, tag), wxWorkUserId: `wx${n}`, clientId, expiresAt })));
}

async function remaining() {
  const db = server.services.db;
  return {
    captchas: (await db.select().from(captcha)).map((r) => r.codeHash.slice(0, 4)),
    accessTokens: (await db.select().from(accessToken)).map((r) => r.familyId),
    refreshTokens: (await db.select().from(refreshToken)).map((r) => r.familyId),
    bindTickets: (await db.select().from(bindTicket)).map((r) => r.ticketHash.slice(0, 4)),
  };
}

describe('purgeExpired', () => {
  it('deletes expired captchas, tokens and binding tickets in batches, and keeps the rest', async () => {
    await insertExpiring('gone', 7, -MINUTE);
    await insertExpiring('kept', 2, MINUTE);
    const counts = await purgeExpired(server.services.db, server.clock.now(), 3);
    expect(counts).toEqual({ captchas: 7, accessTokens: 7, refreshTokens: 7, bindTickets: 7, loginFailures: 0, files: 0, undoSnapshots: 0, rateBuckets: 0 });
    const kept = Array(2).fill('kept');
    expect(await remaining()).toEqual({ captchas: kept, accessTokens: kept, refreshTokens: kept, bindTickets: kept });

    server.clock.advance(2 * MINUTE);
    expect(await purgeExpired(server.services.db, server.clock.now())).toEqual({
      captchas: 2,
      accessTokens: 2,
      refreshTokens: 2,
      bindTickets: 2,
      loginFailures: 0,
      files: 0,
      undoSnapshots: 0,
      rateBuckets: 0,
    });
    expect(await remaining()).toEqual({ captchas: [], accessTokens: [], refreshTokens: [], bindTickets: [] });
  });

  it('removes the snapshots of deletes once their undo window and its grace have passed, and keeps those still open', async () => {
    const db = server.services.db;
    const now = server.clock.now().getTime();
    const snapshot = (tag: string, expiresInMs: number) => ({
      tokenHash: hash(1, tag),
      userId: 1,
      roleId: 1,
      permission: 'sys:user:delete',
      endpoint: 'user.delete',
      snapshot: {},
      expiresAt: new Date(now + expiresInMs),
    });
    await db.insert(undoSnapshot).values([snapshot('gone', -(UNDO_GRACE_SECONDS * 1000 + MINUTE)), snapshot('open', -1000), snapshot('kept', 5000)]);
    expect((await purgeExpired(db, server.clock.now())).undoSnapshots).toBe(1);
    expect((await db.select().from(undoSnapshot)).map((r) => r.tokenHash.slice(0, 4)).sort()).toEqual(['kept', 'open']);
  });

  it('forgets failed sign-ins a day after the last one, and the captcha rule holds until then', async () => {
    const db = server.services.db;
    await db.insert(loginFailure).values({ username: 'old_guess', failures: 3, lastFailure: new Date(server.clock.now().getTime() - LOGIN_FAILURE_KEPT_MS - MINUTE) });
    expect((await server.signIn('nobody_here', 'Wrong_pass1')).code).toBe(ResponseCode.BadCredentials);
    const needs = () => server.call(api.auth.captchaNeed, { clientId: DEFAULT_CLIENT_ID, username: 'nobody_here' });
    expect((await needs()).data).toEqual({ needShow: true });

    server.clock.advance(LOGIN_FAILURE_KEPT_MS - MINUTE);
    expect((await purgeExpired(db, server.clock.now())).loginFailures).toBe(1);
    expect((await db.select().from(loginFailure)).map((r) => r.username)).toEqual(['nobody_here']);
    expect((await needs()).data).toEqual({ needShow: true });

    server.clock.advance(2 * MINUTE);
    expect((await purgeExpired(db, server.clock.now())).loginFailures).toBe(1);
    expect(await db.select().from(loginFailure)).toEqual([]);
    expect((await needs()).data).toEqual({ needShow: false });
  });

  it('keeps a signed-in session until its access token expires', async () => {
    const admin = await server.signInAdmin();
    await purgeExpired(server.services.db, server.clock.now());
    expect((await server.call(api.session.roleSelect, {}, { token: admin.token })).code).toBe(ResponseCode.Success);
    server.clock.advance(7200_000 + MINUTE);
    expect((await purgeExpired(server.services.db, server.clock.now())).accessTokens).toBe(1);
    expect((await server.services.db.select().from(refreshToken)).length).toBe(1);
  });
});
