import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Authz } from './authz';

/** The PostgreSQL channel on which server processes announce changes of authorisation data. */
export const AUTHZ_CHANNEL = 'console_authz_changed';
const RECONNECT_MS = 1000;

/** Carries a cache's `changed()` to the other server processes on the same database. */
export interface CacheBroadcast {
  /** `detail` says what changed (the cache's own words, e.g. which sessions ended); absent, everything. */
  publish(detail?: string): void;
}

/** An in-memory cache kept in step across server processes (the permission caches, the translations). */
export interface SharedCache {
  /** From now on every `changed()` is also announced through `broadcast`. */
  broadcastTo(broadcast: CacheBroadcast | null): void;
  /**
   * Forgets what another process changed (`detail`, as it published it), or everything when `detail` is
   * absent (its news may have been missed).
   */
  dropCaches(detail?: string): void;
}

export interface CacheChannel {
  close(): Promise<void>;
}
export type AuthzChannel = CacheChannel;

/**
 * Keeps the caches of several server processes on one PostgreSQL database in step (design §4b): each
 * cache has a channel of its own; every `changed()` here sends NOTIFY on it, and a NOTIFY from another
 * process drops that cache here. The payload is the sender's id, then a space and the detail when there is
 * one (NOTIFY payloads stay far below PostgreSQL's 8000-byte limit: a detail is a kind and an id). The
 * listener has a connection of its own; while it is down news may be missed, so every (re)connection drops
 * every cache too. A single PGlite process needs none of this.
 */
export async function connectCacheChannel(databaseUrl: string, caches: Readonly<Record<string, SharedCache>>, onError: (error: Error) => void = () => undefined): Promise<CacheChannel> {
  const self = randomUUID();
  const channels = Object.keys(caches);
  const dropAll = () => channels.forEach((channel) => caches[channel]!.dropCaches());
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
      const payload = message.payload ?? '';
      const space = payload.indexOf(' ');
      const sender = space < 0 ? payload : payload.slice(0, space);
      if (sender === self || !Object.hasOwn(caches, message.channel)) return;
      if (space < 0) caches[message.channel]!.dropCaches();
      else caches[message.channel]!.dropCaches(payload.slice(space + 1));
    });
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      for (const channel of channels) await client.query(`listen ${channel}`);
    } catch (error) {
      lost(error as Error);
      throw error;
    }
    dropAll();
  };

  try {
    await listen();
  } catch (error) {
    closed = true;
    if (retry) clearTimeout(retry);
    await publisher.end().catch(() => undefined);
    throw error;
  }
  for (const channel of channels) {
    caches[channel]!.broadcastTo({
      publish: (detail) => {
        if (closed) return;
        publisher.query('select pg_notify($1, $2)', [channel, detail === undefined ? self : `${self} ${detail}`]).catch(onError);
      },
    });
  }

  return {
    async close() {
      closed = true;
      for (const channel of channels) caches[channel]!.broadcastTo(null);
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = null;
      await Promise.all([client?.end().catch(() => undefined), publisher.end().catch(() => undefined)]);
    },
  };
}

/** The permission caches' channel alone (a second process's Authz in tests). */
export function connectAuthzChannel(databaseUrl: string, authz: Authz, onError?: (error: Error) => void): Promise<AuthzChannel> {
  return connectCacheChannel(databaseUrl, { [AUTHZ_CHANNEL]: authz }, onError);
}
