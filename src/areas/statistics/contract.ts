import { z } from 'zod';
import { Perm } from '../../shared/permissions';
import { pageOf, rules } from '../../shared/rules';
import { isCalendarDate } from '../department/contract';
import { endpoint } from '../../shared/contract/endpoint';
import { nameIn, type EndpointNamesOf, type LocalNames } from '../../shared/local-names';
import type { Locale } from '../../shared/constants';
import type { SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Visit statistics (spec 001 §2 /userStatistics, §3 Visit statistics and login record, §4 tabs load on
 * selection, §7 Visit statistics) and the online sessions an administrator may end. Every number counts
 * the sign-ins of users inside the current role's organisations. Days and hours are those of the server's
 * time zone: "today" and a chosen date are calendar days where the server runs.
 */

/**
 * The provinces of the visit map, named exactly as the map's shapes (china-geojson `china.json`) name
 * them. A sign-in's region is one of these, or '' (abroad, unknown, local network).
 */
export const CHINA_PROVINCES = [
  '北京',
  '天津',
  '河北',
  '山西',
  '内蒙古',
  '辽宁',
  '吉林',
  '黑龙江',
  '上海',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '广西',
  '海南',
  '重庆',
  '四川',
  '贵州',
  '云南',
  '西藏',
  '陕西',
  '甘肃',
  '青海',
  '宁夏',
  '新疆',
  '台湾',
  '香港',
  '澳门',
] as const;
export type ChinaProvince = (typeof CHINA_PROVINCES)[number];

/** Each province's name in the five locales, and the map's shape of the islands: the map and its list read out in the reader's language. */
const PROVINCE_NAMES: Readonly<Record<ChinaProvince | '南海诸岛', LocalNames>> = {
  北京: ['北京', 'Beijing', 'Peking', '北京', '베이징'],
  天津: ['天津', 'Tianjin', 'Tianjin', '天津', '톈진'],
  河北: ['河北', 'Hebei', 'Hebei', '河北', '허베이'],
  山西: ['山西', 'Shanxi', 'Shanxi', '山西', '산시(山西)'],
  内蒙古: ['内蒙古', 'Inner Mongolia', 'Innere Mongolei', '内モンゴル', '네이멍구'],
  辽宁: ['辽宁', 'Liaoning', 'Liaoning', '遼寧', '랴오닝'],
  吉林: ['吉林', 'Jilin', 'Jilin', '吉林', '지린'],
  黑龙江: ['黑龙江', 'Heilongjiang', 'Heilongjiang', '黒竜江', '헤이룽장'],
  上海: ['上海', 'Shanghai', 'Shanghai', '上海', '상하이'],
  江苏: ['江苏', 'Jiangsu', 'Jiangsu', '江蘇', '장쑤'],
  浙江: ['浙江', 'Zhejiang', 'Zhejiang', '浙江', '저장'],
  安徽: ['安徽', 'Anhui', 'Anhui', '安徽', '안후이'],
  福建: ['福建', 'Fujian', 'Fujian', '福建', '푸젠'],
  江西: ['江西', 'Jiangxi', 'Jiangxi', '江西', '장시'],
  山东: ['山东', 'Shandong', 'Shandong', '山東', '산둥'],
  河南: ['河南', 'Henan', 'Henan', '河南', '허난'],
  湖北: ['湖北', 'Hubei', 'Hubei', '湖北', '후베이'],
  湖南: ['湖南', 'Hunan', 'Hunan', '湖南', '후난'],
  广东: ['广东', 'Guangdong', 'Guangdong', '広東', '광둥'],
  广西: ['广西', 'Guangxi', 'Guangxi', '広西', '광시'],
  海南: ['海南', 'Hainan', 'Hainan', '海南', '하이난'],
  重庆: ['重庆', 'Chongqing', 'Chongqing', '重慶', '충칭'],
  四川: ['四川', 'Sichuan', 'Sichuan', '四川', '쓰촨'],
  贵州: ['贵州', 'Guizhou', 'Guizhou', '貴州', '구이저우'],
  云南: ['云南', 'Yunnan', 'Yunnan', '雲南', '윈난'],
  西藏: ['西藏', 'Tibet', 'Tibet', 'チベット', '시짱'],
  陕西: ['陕西', 'Shaanxi', 'Shaanxi', '陝西', '산시(陝西)'],
  甘肃: ['甘肃', 'Gansu', 'Gansu', '甘粛', '간쑤'],
  青海: ['青海', 'Qinghai', 'Qinghai', '青海', '칭하이'],
  宁夏: ['宁夏', 'Ningxia', 'Ningxia', '寧夏', '닝샤'],
  新疆: ['新疆', 'Xinjiang', 'Xinjiang', '新疆', '신장'],
  台湾: ['台湾', 'Taiwan', 'Taiwan', '台湾', '타이완'],
  香港: ['香港', 'Hong Kong', 'Hongkong', '香港', '홍콩'],
  澳门: ['澳门', 'Macao', 'Macau', 'マカオ', '마카오'],
  南海诸岛: ['南海诸岛', 'South China Sea Islands', 'Inseln im Südchinesischen Meer', '南シナ海諸島', '남중국해 제도'],
};

/** A province as `locale` names it; a name it does not know is shown as stored. */
export function provinceName(province: string, locale: Locale): string {
  const names = (PROVINCE_NAMES as Readonly<Record<string, LocalNames>>)[province];
  return names ? nameIn(names, locale) : province;
}

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A calendar day, yyyy-MM-dd. */
export const statisticsDate = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .refine((s) => isCalendarDate(s), { message: 'validation.date' });

/** A calendar month, yyyy-MM. */
export const statisticsMonth = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .refine((s) => MONTH_PATTERN.test(s), { message: 'validation.month' });

export const statisticsProfile = z.object({
  /** Sessions active now: token families with an access or refresh token that is neither expired nor revoked. */
  onlineCount: z.number().int(),
  /** Distinct users who signed in today. */
  todayCount: z.number().int(),
  /** Sign-ins today. */
  todayTimes: z.number().int(),
  /** Distinct users who ever signed in. */
  totalCount: z.number().int(),
  /** Sign-ins ever. */
  totalTimes: z.number().int(),
  /** The server's calendar day (yyyy-MM-dd): what "today" means above, and the latest day the charts offer. */
  today: z.string(),
});
export type StatisticsProfile = z.infer<typeof statisticsProfile>;

/** Sign-ins of one province on the chosen day (provinces without any are left out). */
export const mapEntry = z.object({ name: z.string(), value: z.number().int() });
export type MapEntry = z.infer<typeof mapEntry>;

/** A chart's buckets: `date` labels them (hours "00".."23" of a day, days "yyyy-MM-dd" of a month), `values` counts sign-ins. */
export const seriesOutput = z.object({ date: z.array(z.string()), values: z.array(z.number().int()) });
export type SeriesOutput = z.infer<typeof seriesOutput>;

export const loginRecordRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  loginCount: z.number().int(),
  mobile: z.string(),
  /** ISO 8601. */
  lastLoginTime: z.string(),
});
export type LoginRecordRow = z.infer<typeof loginRecordRow>;

export const onlineSession = z.object({
  /** The token family: what ending the session revokes. */
  familyId: z.string(),
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  /** The address the session signed in from ('' for a session older than sign-in records). */
  ip: z.string(),
  /** Where that address is: a province or country, the local-network marker, or '' when unknown. */
  location: z.string(),
  /** The OAuth client (application) the session signed in through. */
  clientId: z.string(),
  /** When the session signed in (ISO 8601). */
  since: z.string(),
  /** The session of this very call: ending it would sign the caller out. */
  current: z.boolean(),
});
export type OnlineSession = z.infer<typeof onlineSession>;

const familyId = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(36, { message: 'validation.tooLong' })
  .regex(/^[0-9a-f-]+$/, { message: 'validation.format' });

export const statistics = {
  profile: endpoint({
    service: 'statistics',
    summary: 'Summary numbers of visits',
    method: 'POST',
    path: '/sys/statistics/profile',
    access: Perm.statisticsView,
    mutation: false,
    input: z.object({}),
    output: statisticsProfile,
  }),
  accessMap: endpoint({
    service: 'statistics',
    summary: 'Sign-ins of a day by province',
    method: 'GET',
    path: '/sys/statistics/accessMap',
    access: Perm.statisticsView,
    input: z.object({ date: statisticsDate }),
    output: z.array(mapEntry),
  }),
  day: endpoint({
    service: 'statistics',
    summary: 'Sign-ins of a day by hour',
    method: 'GET',
    path: '/sys/statistics/day',
    access: Perm.statisticsView,
    input: z.object({ date: statisticsDate }),
    output: seriesOutput,
  }),
  month: endpoint({
    service: 'statistics',
    summary: 'Sign-ins of a month by day',
    method: 'GET',
    path: '/sys/statistics/month',
    access: Perm.statisticsView,
    input: z.object({ month: statisticsMonth }),
    output: seriesOutput,
  }),
  accessLog: endpoint({
    service: 'statistics',
    summary: 'Users who signed in, most recent first',
    method: 'POST',
    path: '/sys/statistics/accessLog',
    access: Perm.statisticsView,
    mutation: false,
    input: z.object({ page: rules.page, limit: rules.limit }),
    output: pageOf(loginRecordRow),
  }),
  sessions: endpoint({
    service: 'statistics',
    summary: 'Sessions signed in now, most recent first',
    method: 'POST',
    path: '/sys/statistics/sessions',
    access: Perm.statisticsView,
    mutation: false,
    input: z.object({ page: rules.page, limit: rules.limit }),
    output: pageOf(onlineSession),
  }),
  endSession: endpoint({
    service: 'statistics',
    summary: 'End a session: the user is signed out at their next call',
    method: 'POST',
    path: '/sys/statistics/sessions/end',
    access: Perm.sessionEnd,
    input: z.object({ familyId }),
    output: z.null(),
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of statistics, in the five locales. */
export const statisticsNames: EndpointNamesOf<typeof statistics> = {
  profile: ['访问概况', 'Visit summary', 'Besuchsübersicht', 'アクセス概要', '방문 개요'],
  accessMap: ['各省访问', 'Visits by province', 'Besuche nach Provinz', '省別アクセス', '지역별 방문'],
  day: ['当日分时访问', 'Visits of a day by hour', 'Besuche eines Tages nach Stunde', '日別・時間帯別アクセス', '일별 시간대 방문'],
  month: ['当月逐日访问', 'Visits of a month by day', 'Besuche eines Monats nach Tag', '月別・日別アクセス', '월별 일자 방문'],
  accessLog: ['访问用户', 'Visiting users', 'Besuchende Benutzer', 'アクセスしたユーザー', '방문 사용자'],
  sessions: ['在线会话', 'Open sessions', 'Offene Sitzungen', '接続中のセッション', '접속 중인 세션'],
  endSession: ['结束会话', 'End session', 'Sitzung beenden', 'セッション終了', '세션 종료'],
};

/** The fields of the signed-in session snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const sessionSnapshotFields = {
  familyId: { label: 'operationLog.snapshot.familyId' },
  username: { label: 'common.loginName' },
  ip: { label: 'stats.column.ip' },
  since: { label: 'stats.column.since' },
  online: { label: 'operationLog.snapshot.online' },
} as const satisfies SnapshotFieldTable;
