import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessToken } from '../db/schema';
import { signInAdminActor, type Actor } from '../testing/actors';
import { startTestServer, type TestServer } from '../testing/harness';
import { hashToken } from './tokens';

/** What another server process's news does to this one's cached sessions (see `connectCacheChannel`). */
describe('cached sessions dropped on news from another process', () => {
  let server: TestServer;
  let admin: Actor;
  beforeEach(async () => {
    server = await startTestServer();
    admin = await signInAdminActor(server);
  });
  afterEach(() => server.close());

  /** Ends the admin's sign-in in the database only, as another process would before it announces it. */
  async function revokeBehindTheCache(): Promise<string> {
    const now = server.clock.now();
    const rows = await server.services.db
      .update(accessToken)
      .set({ revokedAt: now })
      .where(eq(accessToken.tokenHash, hashToken(admin.token)))
      .returning({ familyId: accessToken.familyId });
    return rows[0]!.familyId;
  }

  it.each([
    ['family', async (familyId: string) => `family ${familyId}`],
    ['user', async () => `user ${admin.userId}`],
    ['whole cache', async () => undefined],
  ])('a revocation announced for its %s is refused at once', async (_what, detailOf) => {
    const { sessions } = server.services;
    expect((await sessions.resolve(admin.token, server.clock.now())).kind).toBe('valid');
    const familyId = await revokeBehindTheCache();
    // Cached: the change is not seen until it is announced.
    expect((await sessions.resolve(admin.token, server.clock.now())).kind).toBe('valid');
    sessions.dropCaches(await detailOf(familyId));
    expect((await sessions.resolve(admin.token, server.clock.now())).kind).toBe('invalid');
  });

  it('keeps the sessions news about others does not name', async () => {
    const { sessions } = server.services;
    expect((await sessions.resolve(admin.token, server.clock.now())).kind).toBe('valid');
    await revokeBehindTheCache();
    sessions.dropCaches(`user ${admin.userId + 1000}`);
    sessions.dropCaches('family someone-else');
    expect((await sessions.resolve(admin.token, server.clock.now())).kind).toBe('valid');
  });

  it('does not cache what a lookup read while a revocation was announced', async () => {
    const { sessions } = server.services;
    sessions.forgetAll();
    const reading = sessions.resolve(admin.token, server.clock.now());
    sessions.dropCaches(`user ${admin.userId}`);
    expect((await reading).kind).toBe('valid');
    await revokeBehindTheCache();
    expect((await sessions.resolve(admin.token, server.clock.now())).kind).toBe('invalid');
  });
});
