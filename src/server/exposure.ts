import { eq, sql } from 'drizzle-orm';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_USERNAME, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../shared/defaults';
import { randomPassword, verifyPassword } from './auth/passwords';
import type { ServerConfig } from './config';
import type { Services } from './context';
import { oauthClient, user } from './db/schema';
import { clientSecretHash } from './platform/auth/sign-in';

/**
 * A server other machines can reach must not run on the embedded defaults, which anyone can read in the
 * README: whoever came first could sign in as the first administrator or read every sealed password.
 */
export class ExposedDefaultsError extends Error {}

/** Settings refused before anything is opened. */
export function checkExposedSettings(config: ServerConfig): void {
  if (config.demo) throw new ExposedDefaultsError(`--demo creates accounts with known passwords: it runs only on a loopback address, not on ${config.host}`);
  if (config.transportSecret === DEFAULT_TRANSPORT_SECRET) {
    throw new ExposedDefaultsError(`refusing to listen on ${config.host} with the default CONSOLE_TRANSPORT_SECRET: set your own, and give the workstations the same value`);
  }
}

/** On a first start of an exposed server the first administrator's password is generated, never the default. */
export function withGeneratedAdminPassword(config: ServerConfig): ServerConfig {
  return config.adminPassword === DEFAULT_ADMIN_PASSWORD ? { ...config, adminPassword: randomPassword(16) } : config;
}

/** What the database holds: the console's client on the default secret, or an administrator still on the default password. */
export async function checkExposedData(services: Services): Promise<void> {
  const { db, config } = services;
  const defaultSecret = await db
    .select({ clientId: oauthClient.clientId })
    .from(oauthClient)
    .where(eq(oauthClient.clientSecretHash, clientSecretHash(DEFAULT_CLIENT_SECRET)))
    .limit(1);
  if (defaultSecret[0]) {
    throw new ExposedDefaultsError(
      `refusing to listen on ${config.host}: the client ${defaultSecret[0].clientId} uses the default secret; start once with your own CONSOLE_CLIENT_SECRET on a new database, or change the secret in the application centre from a loopback server`,
    );
  }
  const admin = await db
    .select({ passwordHash: user.passwordHash })
    .from(user)
    .where(eq(sql`lower(${user.username})`, DEFAULT_ADMIN_USERNAME))
    .limit(1);
  if (admin[0] && (await verifyPassword(admin[0].passwordHash, DEFAULT_ADMIN_PASSWORD))) {
    throw new ExposedDefaultsError(`refusing to listen on ${config.host}: ${DEFAULT_ADMIN_USERNAME} still has the default password; change it from a loopback server first`);
  }
}
