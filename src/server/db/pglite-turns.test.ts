import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnTakingPGlite } from './pglite-turns';

/** Whether a callback set for the next turn of the event loop has run when one statement of `db` is answered. */
async function loopTurnedDuring(db: PGlite): Promise<boolean> {
  let turned = false;
  setImmediate(() => {
    turned = true;
  });
  await db.query('select 1');
  return turned;
}

describe.skipIf(process.env.CONSOLE_TEST_DB === 'pg')("PGlite on the server's thread (PGlite only)", () => {
  let plain: PGlite;
  let turnTaking: TurnTakingPGlite;
  beforeAll(async () => {
    [plain, turnTaking] = await Promise.all([PGlite.create(), TurnTakingPGlite.open(undefined)]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), turnTaking?.close()]);
  });

  it('lets the event loop turn before a statement, where PGlite alone answers within the same turn', async () => {
    expect(await loopTurnedDuring(plain)).toBe(false);
    expect(await loopTurnedDuring(turnTaking)).toBe(true);
  });

  it('answers statements and transactions as PGlite does, one transaction at a time', async () => {
    await turnTaking.exec('create table turn_sample (id int primary key, note text)');
    const writes = Array.from({ length: 20 }, (_, id) =>
      turnTaking.transaction(async (tx) => {
        await tx.query('insert into turn_sample (id, note) values ($1, $2)', [id, `n${id}`]);
        return (await tx.query<{ count: number }>('select count(*)::int as count from turn_sample')).rows[0]!.count;
      }),
    );
    // Each transaction sees the rows of those before it and none of those after: they did not interleave.
    expect((await Promise.all(writes)).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, at) => at + 1));
    expect((await turnTaking.query<{ note: string }>('select note from turn_sample where id = 7')).rows).toEqual([{ note: 'n7' }]);
  });
});
