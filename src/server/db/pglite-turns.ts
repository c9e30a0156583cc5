import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite on the server's own thread, letting the event loop turn before each statement or transaction waits for the
 * database. PGlite runs a statement synchronously and hands the database to the next waiter in a promise, so without a
 * turn the requests already waiting ran one after another with no socket read in between. Node accepts one connection
 * per turn of its loop: under load on two cores, 50 clients connecting at once waited up to 14 s to be accepted, and
 * a client's call could pass the load suite's 15 s deadline. With a turn each waiting request takes one step of
 * the database per turn, and new requests are read between them.
 */
export class TurnTakingPGlite extends PGlite {
  /** Opens the database in `dataDir` (in memory without one) as `PGlite.create` does. */
  static async open(dataDir: string | undefined, options: PGliteOptions = {}): Promise<TurnTakingPGlite> {
    const db = new TurnTakingPGlite(dataDir, options);
    await db.waitReady;
    return db;
  }

  // Every statement, transaction and raw read of PGlite's own API waits here for the database.
  override async _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    await nextTurn();
    return super._runExclusiveTransaction(fn);
  }
}
