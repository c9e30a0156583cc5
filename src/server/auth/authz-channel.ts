import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Authz } from './authz';

/** The PostgreSQL channel on which server processes announce changes of authorisation data. */
export const AUTHZ_CHANNEL = 'console_authz_changed';
const RECONNECT_MS = 1000;

export interface AuthzChannel {
  close(): Promise<void>;
}

/**
 * Keeps the authorisation caches of several server processes on one PostgreSQL database in step
 * (design §4b): every `changed()` here sends NOTIFY, and a NOTIFY from another process drops the caches
 * here. The listener has a connection of its own; while it is down news may be missed, so every
 * (re)connection drops the caches too. A single PGlite process needs none of this.
 */
export async function connectAuthzChannel(databaseUrl: string, authz: Authz, onError: (error: Error) => void = () => undefined): Promise<AuthzChannel> {
  const self = randomUUID();
  const publisher = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  publisher.on('error', onError);
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    listener = client;
    const lost = (error?: Error) => {
      if (listener !== client) return;
      listener = null;
      if (error) onError(error);
      void client.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void listen().catch(() => undefined), RECONNECT_MS);
    };
    client.on('notification', (message) => {
      if (message.channel === AUTHZ_CHANNEL && message.payload !== self) authz.dropCaches();
    });
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`listen ${AUTHZ_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      throw error;
    }
    authz.dropCaches();
  };

  try {
    await listen();
  } catch (error) {
    closed = true;
    if (retry) clearTimeout(retry);
    await publisher.end().catch(() => undefined);
    throw error;
  }
  authz.broadcastTo({
    publish: () => {
      if (closed) return;
      publisher.query('select pg_notify($1, $2)', [AUTHZ_CHANNEL, self]).catch(onError);
    },
  });

  return {
    async close() {
      closed = true;
      authz.broadcastTo(null);
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = null;
      await Promise.all([client?.end().catch(() => undefined), publisher.end().catch(() => undefined)]);
    },
  };
}
