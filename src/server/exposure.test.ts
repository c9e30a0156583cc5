import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../shared/codes';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_TRANSPORT_SECRET } from '../shared/defaults';
import { hashPassword } from './auth/passwords';
import { configFromEnv } from './config';
import { oauthClient, user } from './db/schema';
import { checkExposedData, checkExposedSettings, withGeneratedAdminPassword } from './exposure';
import { listen, startServer } from '.';
import { clientSecretHash } from './platform/auth/sign-in';
import { seedDemo } from './seed/demo';
import { startTestServer, type TestServer } from './testing/harness';

/** A server other machines can reach refuses the public defaults; the embedded one takes no database from the environment. */

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const exposed = { host: '0.0.0.0', transportSecret: 'team-transport-secret', clientSecret: 'team-client-secret' };

describe('a server reachable from other machines', () => {
  it('refuses the default transport secret and --demo before opening anything', async () => {
    expect(() => checkExposedSettings(configFromEnv({}, { ...exposed, transportSecret: DEFAULT_TRANSPORT_SECRET }))).toThrow(/CONSOLE_TRANSPORT_SECRET/);
    expect(() => checkExposedSettings(configFromEnv({}, { ...exposed, demo: true }))).toThrow(/--demo/);
    expect(() => checkExposedSettings(configFromEnv({}, exposed))).not.toThrow();
    await expect(listen(configFromEnv({}, { ...exposed, transportSecret: DEFAULT_TRANSPORT_SECRET, dataDir: '/nonexistent/never-opened' }))).rejects.toThrow(/CONSOLE_TRANSPORT_SECRET/);
  });

  it('gives the first administrator a generated password instead of the default one', () => {
    const generated = withGeneratedAdminPassword(configFromEnv({}, exposed));
    expect(generated.adminPassword).not.toBe(DEFAULT_ADMIN_PASSWORD);
    expect(generated.adminPassword).toHaveLength(16);
    expect(withGeneratedAdminPassword(configFromEnv({}, { ...exposed, adminPassword: 'Chosen_pw_2026' })).adminPassword).toBe('Chosen_pw_2026');
  });

  it('refuses a database whose console client has the default secret, or whose administrator still has the default password', async () => {
    server = await startTestServer();
    await expect(checkExposedData(server.services)).rejects.toThrow(/default secret/);
    await server.services.db.update(oauthClient).set({ clientSecretHash: clientSecretHash('team-client-secret') });
    await expect(checkExposedData(server.services)).rejects.toThrow(/admin still has the default password/);
    await server.services.db
      .update(user)
      .set({ passwordHash: await hashPassword('Team_admin_2026') })
      .where(eq(user.username, 'admin'));
    await expect(checkExposedData(server.services)).resolves.toBeUndefined();
  });
});

describe('demo accounts', () => {
  it('share the initial password only until their first sign-in, which must change it', async () => {
    server = await startTestServer();
    await seedDemo(server.services.db, { users: 3, logRows: 3, password: DEFAULT_ADMIN_PASSWORD, secrets: server.services.secrets });
    const demo = (await server.services.db.select().from(user).where(like(user.username, 'demo%')))[0]!;
    expect((await server.signIn(demo.username, DEFAULT_ADMIN_PASSWORD)).code).toBe(ResponseCode.MustChangePassword);
  });
});

describe.runIf(process.env.CONSOLE_TEST_DB !== 'pg')('the embedded server', () => {
  it('uses its own data folder whatever DATABASE_URL and CONSOLE_MIGRATIONS_DIR say', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'console-embedded-'));
    const saved = { url: process.env.DATABASE_URL, migrations: process.env.CONSOLE_MIGRATIONS_DIR };
    process.env.DATABASE_URL = 'postgres://nobody@127.0.0.1:1/not-a-database';
    process.env.CONSOLE_MIGRATIONS_DIR = '/nonexistent/migrations';
    try {
      const embedded = await startServer({ port: 0, dataDir: dir, quiet: true });
      expect(embedded.services.driver).toBe('pglite');
      expect(embedded.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      await embedded.close();
    } finally {
      if (saved.url === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved.url;
      if (saved.migrations === undefined) delete process.env.CONSOLE_MIGRATIONS_DIR;
      else process.env.CONSOLE_MIGRATIONS_DIR = saved.migrations;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('seeds --demo once per data folder, also into a folder first started without it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'console-embedded-demo-'));
    const demoUsers = async (running: { services: { db: TestServer['services']['db'] } }) =>
      (await running.services.db.select({ userId: user.userId }).from(user).where(like(user.username, 'demo%'))).length;
    try {
      const plain = await startServer({ port: 0, dataDir: dir, quiet: true });
      expect(await demoUsers(plain)).toBe(0);
      await plain.close();
      const demo = await startServer({ port: 0, dataDir: dir, quiet: true, demo: true });
      const seeded = await demoUsers(demo);
      expect(seeded).toBeGreaterThan(0);
      await demo.close();
      const again = await startServer({ port: 0, dataDir: dir, quiet: true, demo: true });
      expect(await demoUsers(again)).toBe(seeded);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
