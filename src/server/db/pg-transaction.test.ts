import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPgDatabase, testDriver } from '../testing/fresh-data';
import { openDatabase, type Database } from './client';

/**
 * A loopback TCP relay to PostgreSQL that can cut its connections the way a restarting database host does:
 * while cut, the client's side stays open and silent until it sends, then closes.
 */
async function startRelay(target: URL): Promise<{ url: string; cut(): void; heal(): void; close(): Promise<void> }> {
  let cut = false;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    const pair = { client, upstream };
    pairs.add(pair);
    client.on('data', (chunk) => (cut ? client.destroy() : upstream.write(chunk)));
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', () => !cut && end()).on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    cut() {
      cut = true;
      for (const pair of pairs) pair.upstream.destroy();
    },
    heal() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const within = <T>(ms: number, work: Promise<T>) => Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

describe.skipIf(testDriver !== 'pg')('transactions on PostgreSQL when a connection dies before BEGIN', () => {
  let database: { url: string; drop: () => Promise<void> };
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let opened: Database;

  beforeAll(async () => {
    database = await freshPgDatabase('console_pgtx');
    relay = await startRelay(new URL(database.url));
    opened = await openDatabase({ databaseUrl: relay.url, poolSize: 1 });
  });
  afterAll(async () => {
    await relay?.close();
    await database?.drop();
  });

  it('gives the dead client back: the next call gets a new connection, and the pool closes', async () => {
    // The pool's one connection, idle after a query.
    await opened.db.execute(sql`select 1`);
    relay.cut();
    await expect(opened.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    relay.heal();
    // With the client kept checked out (a pool of one), both of these would wait forever.
    const after = await within(
      10_000,
      opened.db.transaction((tx) => tx.execute(sql`select 42 as answer`)),
    );
    expect((after as { rows: unknown[] }).rows[0]).toEqual({ answer: 42 });
    await within(10_000, opened.close());
  });
});
