import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { api } from '../../shared/contract';
import { loginRecord, user } from '../db/schema';
import { roleIdOf, signInAdminActor, signInWithRole } from '../testing/actors';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

describe('sign-in records', () => {
  it('outlive the user they belong to, keeping its login name', async () => {
    const admin = await signInAdminActor(server);
    const leaving = await signInWithRole(server, 'leaving_user', await roleIdOf(server, '运营专员'));
    const before = await server.services.db.select().from(loginRecord).where(eq(loginRecord.userId, leaving.userId));
    expect(before).toHaveLength(1);

    const answer = await server.call(api.user.delete, { userIds: String(leaving.userId) }, admin.as);
    expect(answer.code).toBe(ResponseCode.Success);
    expect(await server.services.db.select().from(user).where(eq(user.userId, leaving.userId))).toEqual([]);

    const after = await server.services.db.select().from(loginRecord).where(eq(loginRecord.id, before[0]!.id));
    expect(after).toEqual([{ ...before[0], userId: null, username: 'leaving_user' }]);
  });
});
