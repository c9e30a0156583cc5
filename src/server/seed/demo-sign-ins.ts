import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { locate } from '../geo/locate';

/** Public addresses the offline database places in fifteen provinces: the demo's sign-ins come from them. */
const DEMO_ADDRESSES = [
  '202.96.128.86', // 广东
  '202.96.209.133', // 上海
  '219.141.136.10', // 北京
  '114.114.114.114', // 江苏
  '202.101.172.35', // 浙江
  '61.139.2.69', // 四川
  '202.103.24.68', // 湖北
  '124.232.142.220', // 湖南
  '202.102.224.68', // 河南
  '218.85.152.99', // 福建
  '61.134.1.4', // 陕西
  '211.138.180.2', // 安徽
  '202.99.160.68', // 河北
  '61.128.128.68', // 重庆
  '202.97.224.69', // 黑龙江
] as const;

const DAYS = 60;
const DAY_MS = 86_400_000;

/**
 * The n-th demo sign-in: spread over the last 60 days, in office hours, from the provinces above (more from
 * the first ones), so the map, the day and the month charts all have something to draw; never in the future.
 */
export function demoSignIn(n: number, now: number): { ip: string; region: string; loginTime: Date } {
  // Squaring skews the choice towards the first addresses: the map shows a gradient, not an even wash.
  const spread = ((n * 7919) % 1000) / 1000;
  const ip = DEMO_ADDRESSES[Math.floor(spread * spread * DEMO_ADDRESSES.length)]!;
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const day = n % DAYS;
  const at = new Date(midnight.getTime() - day * DAY_MS);
  at.setHours(8 + ((n * 7) % 12), (n * 13) % 60, (n * 17) % 60);
  const loginTime = at.getTime() > now ? new Date(now - ((n * 37) % 3600) * 1000) : at;
  return { ip, region: locate(ip).province, loginTime };
}

/** Gives every demo user who has seeded sign-ins the count and last time of them, as real sign-ins would have. */
export async function countDemoSignIns(db: Db): Promise<void> {
  await db.execute(sql`
    update sys_user u set login_count = r.times, last_login_time = r.last
    from (select user_id, count(*)::int as times, max(login_time) as last from sys_login_record where user_id is not null group by user_id) r
    where u.user_id = r.user_id and u.login_count = 0`);
}
