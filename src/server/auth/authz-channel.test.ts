import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { api } from '../../shared/contract';
import { Perm } from '../../shared/permissions';
import { roleIdOf, signInAdminActor, type Actor } from '../testing/actors';
import { startTestServer, type TestServer } from '../testing/harness';
import { Authz } from './authz';
import { connectAuthzChannel, type AuthzChannel } from './authz-channel';

/** Waits until `done` holds, asking again after each short pause; fails after `attempts` tries. */
async function eventually(done: () => boolean | Promise<boolean>, attempts = 100): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition never held');
}

describe.runIf(process.env.CONSOLE_TEST_DB === 'pg')('permission caches of several server processes on one PostgreSQL', () => {
  let server: TestServer;
  let admin: Actor;
  let other: Authz;
  let channel: AuthzChannel;
  beforeEach(async () => {
    server = await startTestServer();
    admin = await signInAdminActor(server);
    // A second process's cache: its own Authz, listening on its own connection.
    other = new Authz(server.services.db);
    channel = await connectAuthzChannel(server.services.config.databaseUrl, other);
  });
  afterEach(async () => {
    await channel.close();
    await server.close();
  });

  it("drops another process's cached keys when a role's menus change here", async () => {
    const operatorRole = await roleIdOf(server, '运营专员');
    expect((await other.keysOf(operatorRole)).has(Perm.userView)).toBe(true);
    const epoch = other.epoch;

    const info = (await server.call(api.role.info, { roleId: operatorRole }, admin.as)).data!;
    expect((await server.call(api.role.update, { ...info, menuIdList: [] }, admin.as)).code).toBe(ResponseCode.Success);

    await eventually(() => other.epoch > epoch);
    expect((await other.keysOf(operatorRole)).has(Perm.userView)).toBe(false);
  });

  it('announces its own changes to the other processes, and ignores its own news', async () => {
    const epochHere = server.services.authz.epoch;
    other.changed();
    await eventually(() => server.services.authz.epoch > epochHere);
    const epochThere = other.epoch;
    server.services.authz.changed();
    await eventually(() => other.epoch > epochThere);
    expect(other.epoch).toBe(epochThere + 1);
  });
});
