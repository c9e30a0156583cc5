/** What the benches share: the speed bench's requests (the HTTP targets and the SQL run straight on the database), the password. */

/** The administrator's password once the bench has made the forced first change. */
export const BENCH_ADMIN_PASSWORD = 'Bench_2026pw';

/** An organisation with a few below it, for the user list's organisation filter. */
export const BENCH_BRANCH = '华东分公司';

/** The user list as the screen asks for it with its filters: a surname, enabled users, page 1 of 10 rows. */
export const BENCH_USER_FILTER = { page: 1, limit: 10, name: '王' } as const;
