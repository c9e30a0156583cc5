import { asc, count, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { CountCache, emptyPage, pagedQuery, pageStatements } from './lists';
import { dataGroup, dataOrgan } from './tables';

describe('the count cache', () => {
  it('counts a filter once per epoch, and again after the epoch moves', async () => {
    const cache = new CountCache();
    let epoch = 1;
    let counted = 0;
    const load = async () => {
      counted++;
      return 40 + counted;
    };
    expect(await cache.count('a', () => epoch, load)).toBe(41);
    expect(await cache.count('a', () => epoch, load)).toBe(41);
    expect(counted).toBe(1);
    expect(await cache.count('b', () => epoch, load)).toBe(42);
    epoch++;
    expect(await cache.count('a', () => epoch, load)).toBe(43);
    expect(counted).toBe(3);
  });

  it('answers a count that a write overlapped but does not keep it', async () => {
    const cache = new CountCache();
    let epoch = 1;
    let counted = 0;
    const writeDuringCount = async () => {
      counted++;
      epoch++;
      return counted;
    };
    expect(await cache.count('a', () => epoch, writeDuringCount)).toBe(1);
    expect(
      await cache.count(
        'a',
        () => epoch,
        async () => ++counted,
      ),
    ).toBe(2);
    expect(
      await cache.count(
        'a',
        () => epoch,
        async () => ++counted,
      ),
    ).toBe(2);
  });
});

describe('a paged query', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
    const { db } = server.services;
    const groups = await db
      .insert(dataGroup)
      .values(Array.from({ length: 7 }, (_, i) => ({ name: `Paged ${i}`, number: `P-${String(i).padStart(2, '0')}` })))
      .returning({ id: dataGroup.id });
    await db.insert(dataOrgan).values(groups.slice(0, 3).map((group, i) => ({ name: `Organ ${i}`, number: `O-${i}`, groupId: group.id })));
  });
  afterEach(() => server.close());

  const groupsByNumber = () => {
    const { db } = server.services;
    return { rows: db.select({ number: dataGroup.number }).from(dataGroup).$dynamic(), counted: dataGroup, where: like(dataGroup.number, 'P-%'), orderBy: [asc(dataGroup.number)] };
  };

  it('answers the page of the order asked for and the total of the filter, under either pair of page names', async () => {
    const { db } = server.services;
    const page = await pagedQuery(db, { page: 2, limit: 3 }, groupsByNumber());
    expect(page).toEqual({ records: [{ number: 'P-03' }, { number: 'P-04' }, { number: 'P-05' }], total: 7, current: 2, pages: 3, size: 3 });
    expect(await pagedQuery(db, { pageNum: 2, pageSize: 3 }, groupsByNumber())).toEqual(page);
    expect(await pagedQuery(db, { page: 4, limit: 3 }, groupsByNumber())).toEqual({ records: [], total: 7, current: 4, pages: 3, size: 3 });
    expect(emptyPage({ pageNum: 1, pageSize: 10 })).toEqual({ records: [], total: 0, current: 1, pages: 0, size: 10 });
  });

  it('counts through the joins a count select names, and makes the records of the page from its rows', async () => {
    const { db } = server.services;
    const page = await pagedQuery(
      db,
      { page: 1, limit: 2 },
      {
        rows: db.select({ organ: dataOrgan.name, group: dataGroup.name }).from(dataOrgan).innerJoin(dataGroup, eq(dataGroup.id, dataOrgan.groupId)).$dynamic(),
        counted: db.select({ total: count() }).from(dataOrgan).innerJoin(dataGroup, eq(dataGroup.id, dataOrgan.groupId)).$dynamic(),
        where: like(dataGroup.name, 'Paged %'),
        orderBy: [asc(dataOrgan.number)],
        records: async (rows) => rows.map((row) => `${row.organ} in ${row.group}`),
      },
    );
    expect(page).toEqual({ records: ['Organ 0 in Paged 0', 'Organ 1 in Paged 1'], total: 3, current: 1, pages: 2, size: 2 });
  });

  it('keeps a total in the count cache until its epoch moves', async () => {
    const { db } = server.services;
    let epoch = 1;
    const counts = { cache: new CountCache(), key: 'groups', epoch: () => epoch };
    expect((await pagedQuery(db, { page: 1, limit: 3 }, { ...groupsByNumber(), counts })).total).toBe(7);
    await db.insert(dataGroup).values({ name: 'Paged 7', number: 'P-07' });
    expect((await pagedQuery(db, { page: 1, limit: 3 }, { ...groupsByNumber(), counts })).total).toBe(7);
    epoch++;
    expect((await pagedQuery(db, { page: 1, limit: 3 }, { ...groupsByNumber(), counts })).total).toBe(8);
  });

  it('gives its two statements to run elsewhere: the count and the page', () => {
    const statements = pageStatements(server.services.db, { page: 3, limit: 2 }, groupsByNumber());
    expect(statements.count.toSQL().sql).toMatch(/^select count\(\*\) from "sys_data_group" where "sys_data_group"."number" like \$1$/);
    expect(statements.page.toSQL()).toMatchObject({ sql: expect.stringMatching(/order by "sys_data_group"."number" asc limit \$2 offset \$3$/), params: ['P-%', 2, 4] });
  });
});
