import { asc, eq, like, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { appendChained, chainKeyOf } from '../audit/chain';
import { storedContent } from '../audit/content';
import type { OperationContent } from '../../shared/operation-content';
import { locate } from '../geo/locate';
import { API_PREFIX } from '../../shared/constants';
import { DEFAULT_ADMIN_USERNAME } from '../../shared/defaults';
import { api, type EndpointDef } from '../../shared/contract';
import { storedInterfaceOf } from '../../shared/contract/interface-names';
import { seedDemoContent } from './demo-content';
import { seedDemoPermissions } from './demo-permissions';
import { countDemoSignIns, demoSignIn } from './demo-sign-ins';
import type { SecretBox } from '../secrets/secret-box';
import type { Db } from '../db/client';
import { dept, interfaceLog, loginRecord, role, user, userRole } from '../db/schema';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '强', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '霞', '平', '刚'];
/** The calls of the demo's interface rows, stored as interface monitoring stores a call (its service and endpoint keys). */
const SERVICES = [
  [api.session.nav, {}],
  [api.session.roleSystems, {}],
  [api.auth.token, { grant_type: 'password' }],
  [api.session.currentUser, {}],
].map(([def, body]) => [(def as EndpointDef).service, storedInterfaceOf(def as EndpointDef, body), API_PREFIX + (def as EndpointDef).path] as const);

/** Public addresses in several provinces, so that the operation log's locations vary (looked up offline). */
const PUBLIC_ADDRESSES = ['123.125.114.144', '101.226.4.6', '113.108.81.189', '115.236.9.1', '58.240.1.1', '118.112.1.1', '59.172.1.1', '222.85.1.1', '218.104.1.1'];

function publicAddress(n: number): { operIp: string; operLocation: string } {
  const operIp = PUBLIC_ADDRESSES[n % PUBLIC_ADDRESSES.length]!;
  return { operIp, operLocation: locate(operIp).label };
}

/** Whether the demo volume is already in this database (one of its accounts is). */
/** The content of demo operation row `n` (an add, an update or a delete of a demo user, as its entry type says). */
function demoContent(n: number, username: string): OperationContent {
  if (n % 3 === 0) return { key: 'user.add', values: { username } };
  if (n % 3 === 1) return { key: 'user.update', values: { username } };
  return { key: 'user.delete', values: { usernames: [username] } };
}

export async function hasDemo(db: Db): Promise<boolean> {
  const rows = await db.select({ userId: user.userId }).from(user).where(like(user.username, 'demo%')).limit(1);
  return rows.length > 0;
}

/**
 * Realistic volume for trying the lists: organisations and roles with partial grants, users across the
 * organisations, sign-ins and log rows, and a few records on every screen a first start leaves empty.
 * `secrets` are the server's: they key the operation log's chain and seal the demo's provider secrets.
 */
export async function seedDemo(db: Db, options: { users?: number; logRows?: number; password: string; secrets: SecretBox }): Promise<void> {
  const userCount = options.users ?? 300;
  const logRows = options.logRows ?? 5000;
  const chainKey = chainKeyOf(options.secrets);
  await seedDemoPermissions(db);
  const depts = await db.select({ deptId: dept.deptId }).from(dept);
  // Demo users hold the roles of one organisation's subtree, in turn (the operator, the branch administrator, the auditor).
  const roles = await db.select({ roleId: role.roleId, deptId: role.deptId }).from(role).where(eq(role.roleType, 2)).orderBy(asc(role.roleId));
  // One hash for every demo account: hashing hundreds of Argon2id passwords would take minutes.
  const passwordHash = await hashPassword(options.password);
  const now = Date.now();
  // The administrator made the demo accounts, as someone makes every account a console holds.
  const [admin] = await db.select({ userId: user.userId }).from(user).where(eq(user.username, DEFAULT_ADMIN_USERNAME));
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(user);
  const offset = existing[0]?.n ?? 0;

  const userIds: number[] = [];
  for (let start = 0; start < userCount; start += 500) {
    const batch = [];
    for (let i = start; i < Math.min(userCount, start + 500); i++) {
      const n = offset + i;
      batch.push({
        username: `demo${String(n).padStart(5, '0')}`,
        name: `${SURNAMES[n % SURNAMES.length]}${GIVEN[(n * 7) % GIVEN.length]}`,
        mobile: `13${String(800000000 + n * 37).slice(0, 9)}`,
        email: `demo${n}@example.com`,
        passwordHash,
        deptId: depts[n % depts.length]!.deptId,
        status: n % 17 === 0 ? 0 : 1,
        // The demo password is the administrator's initial one, which the README prints: each demo account
        // must change it at its first sign-in, like any initial password.
        passwordChangedAt: null,
        createBy: admin?.userId ?? null,
        createTime: new Date(now - (n % 365) * 86_400_000),
      });
    }
    const inserted = await db.insert(user).values(batch).returning({ userId: user.userId });
    userIds.push(...inserted.map((r) => r.userId));
  }
  if (roles.length > 0) {
    for (let start = 0; start < userIds.length; start += 1000) {
      await db.insert(userRole).values(
        userIds.slice(start, start + 1000).map((userId, index) => {
          const held = roles[(start + index) % roles.length]!;
          return { userId, roleId: held.roleId, deptId: held.deptId };
        }),
      );
    }
  }

  for (let start = 0; start < logRows; start += 1000) {
    const count = Math.min(1000, logRows - start);
    const interfaces = [];
    const operations = [];
    const logins = [];
    for (let i = 0; i < count; i++) {
      const n = start + i;
      const at = new Date(now - n * 61_000);
      const [service, summary, path] = SERVICES[n % SERVICES.length]!;
      const demoIndex = n % Math.max(1, userIds.length);
      const userId = userIds[demoIndex] ?? 1;
      const slow = n % 23 === 0;
      interfaces.push({
        appId: 'backoffice-console',
        serviceCnName: service,
        interfaceCnName: summary,
        method: 'POST',
        path,
        userId: String(userId),
        // The caller's organisation, as the demo user was given it above (the log's organisation scope).
        deptId: depts[(offset + demoIndex) % depts.length]?.deptId ?? null,
        startTime: at,
        endTime: new Date(at.getTime() + (slow ? 1800 : 12)),
        useTime: slow ? 1800 : 12,
        ip: `10.20.${n % 250}.${(n * 7) % 250}`,
        deviceId: `WS-${1000 + (n % 80)}`,
        modelInfo: n % 3 === 0 ? 'darwin arm64' : 'win32 x64',
        responseStatus: n % 41 === 0 ? 'A0400' : '200',
        requestParam: '{"query":{},"body":{}}',
        responseText: '{"code":"00000","msg":"success","data":[]}',
      });
      operations.push({
        entryType: ['add', 'update', 'delete'][n % 3]!,
        operUserId: userId,
        operUserName: `${SURNAMES[n % SURNAMES.length]}${GIVEN[n % GIVEN.length]}`,
        operLoginName: `demo${String(n % userCount).padStart(5, '0')}`,
        ...publicAddress(n),
        // The operator's organisation, as the demo user was given it above.
        operDeptId: depts[(offset + demoIndex) % depts.length]?.deptId ?? null,
        ...storedContent(demoContent(n, `demo${String(n % userCount).padStart(5, '0')}`)),
        beforeOperation: n % 3 === 0 ? null : { title: `old ${n}` },
        afterOperation: n % 3 === 2 ? null : { title: `new ${n}` },
        // Oldest first, so that id order (the chain's and the list's) is time order.
        operationTime: new Date(now - (logRows - 1 - n) * 61_000),
      });
      logins.push({
        userId,
        username: `demo${String(offset + demoIndex).padStart(5, '0')}`,
        clientId: 'backoffice-console',
        ...demoSignIn(n, now),
      });
    }
    await db.insert(interfaceLog).values(interfaces);
    await appendChained(db, operations, chainKey);
    await db.insert(loginRecord).values(logins);
  }
  await countDemoSignIns(db);
  await seedDemoContent(db, { secrets: options.secrets, now });
}
