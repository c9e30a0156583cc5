import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DeptType } from '../../shared/constants';
import { CONSOLE_SYSTEM_ID, MENU_CATALOG } from '../../shared/menu-catalog';
import { Perm } from '../../shared/permissions';
import { hashPassword } from '../auth/passwords';
import type { ServerConfig } from '../config';
import type { Db, Tx } from '../db/client';
import { dataClassification, dept, deptMenu, menu, oauthClient, role, roleMenu, user, userRole } from '../db/schema';
import { notice, systemApiKey } from '../db/tables';
import { clientSecretHash } from '../platform/auth/sign-in';
import { catalogueRows, rememberName } from './catalogue';
import { seedDictionaries } from './dictionaries';
import { loadMenuTable } from '../auth/menu-grants';

export interface SeededIds {
  rootDeptId: number;
  adminRoleId: number;
  operatorRoleId: number;
  adminUserId: number;
  systemMenuIds: Record<string, number>;
}

/** The organisation tree of a first start: a group company, branches, departments and business centres. */
const ORGANISATIONS = {
  name: '远航物流集团',
  type: DeptType.Company,
  person: '王建国',
  children: [
    { name: '信息技术部', type: DeptType.Department, person: '李明' },
    { name: '财务部', type: DeptType.Department, person: '赵敏' },
    {
      name: '华东分公司',
      type: DeptType.Company,
      person: '陈涛',
      children: [
        { name: '华东运营部', type: DeptType.Department, person: '周静' },
        { name: '上海转运中心', type: DeptType.Department, person: '吴磊', businessCentre: true },
        { name: '杭州转运中心', type: DeptType.Department, person: '郑丽', businessCentre: true },
      ],
    },
    {
      name: '华南分公司',
      type: DeptType.Company,
      person: '孙强',
      children: [
        { name: '华南运营部', type: DeptType.Department, person: '钱芳' },
        { name: '广州转运中心', type: DeptType.Department, person: '冯刚', businessCentre: true },
        { name: '深圳转运中心', type: DeptType.Department, person: '何欣', businessCentre: true },
      ],
    },
  ],
} satisfies OrgSeed;

interface OrgSeed {
  name: string;
  type: string;
  person: string;
  businessCentre?: boolean;
  children?: OrgSeed[];
}

async function insertOrg(tx: Tx, org: OrgSeed, parentId: number | null, order: number, byName: Map<string, number>): Promise<number> {
  const inserted = await tx
    .insert(dept)
    .values({ name: org.name, parentId, deptType: org.type, deptPerson: org.person, orderNum: order, businessCentre: org.businessCentre ?? false, telephone: '021-60000000', companyAddress: '' })
    .returning({ deptId: dept.deptId });
  const deptId = inserted[0]!.deptId;
  byName.set(org.name, deptId);
  let childOrder = 0;
  for (const child of org.children ?? []) await insertOrg(tx, child, deptId, childOrder++, byName);
  return deptId;
}

/** The roles a first start has besides the administrator and the operator: a branch administrator and an auditor. */
const MORE_ROLES = [
  {
    roleName: '分公司管理员',
    dept: 'south',
    remark: '华南分公司的用户、角色、资源与业务中心管理',
    keys: [Perm.userView, Perm.userSave, Perm.userUpdate, Perm.roleView, Perm.roleSave, Perm.roleUpdate, Perm.roleDelete, Perm.resourceView, Perm.resourceSave, Perm.deptView, Perm.serviceCenterView],
  },
  { roleName: '审计员', dept: 'root', remark: '查看操作日志、接口监控与访问统计', keys: [Perm.operLogView, Perm.operLogExport, Perm.interfaceLogView, Perm.statisticsView] },
] as const;

/**
 * The grants of keys over the back-office system: the pages and buttons carrying them, and every menu
 * above them; a menu is half-checked when not all its children are granted.
 */
async function consoleGrants(tx: Tx, systemMenuId: number, keys: readonly string[]): Promise<Array<{ menuId: number; halfChecked: boolean }>> {
  const menus = await loadMenuTable(tx);
  const granted = new Set<number>();
  for (const row of menus.rows) {
    if (row.systemMenuId !== systemMenuId || !keys.includes(row.perms)) continue;
    for (let id: number | null = row.menuId; id !== null && !granted.has(id); id = menus.byId.get(id)?.parentId ?? null) granted.add(id);
  }
  const half = menus.halfChecked(granted);
  return [...granted].map((menuId) => ({ menuId, halfChecked: half.has(menuId) }));
}

/**
 * Resource assignment as the seeded roles need it (spec 001 /resource): the group company has every
 * menu, each branch company what its roles hold; and the two further roles.
 */
async function seedRolesAndResources(tx: Tx, ids: { rootDeptId: number; eastId: number; southId: number; allMenuIds: number[]; operatorMenuIds: number[]; consoleSystemId: number }): Promise<void> {
  const menus = await loadMenuTable(tx);
  const given = new Map<number, Set<number>>([
    [ids.rootDeptId, new Set(ids.allMenuIds)],
    [ids.eastId, new Set(ids.operatorMenuIds)],
    [ids.southId, new Set(ids.operatorMenuIds)],
  ]);
  for (const spec of MORE_ROLES) {
    const deptId = spec.dept === 'root' ? ids.rootDeptId : ids.southId;
    const inserted = await tx.insert(role).values({ roleName: spec.roleName, deptId, remark: spec.remark, roleType: 2 }).returning({ roleId: role.roleId });
    const grants = await consoleGrants(tx, ids.consoleSystemId, spec.keys);
    await tx.insert(roleMenu).values(grants.map((g) => ({ roleId: inserted[0]!.roleId, ...g })));
    for (const g of grants) given.get(deptId)!.add(g.menuId);
  }
  for (const [deptId, menuIds] of given) {
    await tx.insert(deptMenu).values([...menuIds].map((menuId) => ({ deptId, menuId, systemMenuId: menus.systemOf(menuId)! })));
  }
}

/** Seeds an empty database; does nothing when the console's client already exists. Returns the new ids, or null. */
export async function seedIfEmpty(db: Db, config: ServerConfig): Promise<SeededIds | null> {
  const existing = await db.select({ id: oauthClient.id }).from(oauthClient).limit(1);
  if (existing.length > 0) return null;
  const adminHash = await hashPassword(config.adminPassword);

  return db.transaction(async (tx) => {
    // A concurrent first start (two processes on one PostgreSQL) must not seed twice.
    await tx.execute(sql`lock table sys_oauth_client in exclusive mode`);
    const again = await tx.select({ id: oauthClient.id }).from(oauthClient).limit(1);
    if (again.length > 0) return null;

    await tx.insert(oauthClient).values({
      clientId: config.clientId,
      clientSecretHash: clientSecretHash(config.clientSecret),
      appName: '后台管理控制台',
      appType: 'pc',
      status: '0',
      accessTokenValiditySeconds: 7200,
      refreshTokenValiditySeconds: 7 * 86400,
      passwordDay: 90,
      additionalInformation: { ignoreCodeTimes: 0, firstChangePwd: '1' },
    });

    const orgIds = new Map<string, number>();
    const rootDeptId = await insertOrg(tx, ORGANISATIONS, null, 0, orgIds);

    const seenNames = new Set<string>();
    const systemMenuIds: Record<string, number> = {};
    const allMenuIds: number[] = [];
    const operatorMenuIds: number[] = [];
    const operatorHalfIds: number[] = [];
    const operatorPages = new Set(['userView', 'infoView', 'infoTypeView', 'operLogView', 'statisticsView', 'serviceCenterView']);
    const operatorButtons = new Set(['infoSave', 'infoUpdate', 'infoTop', 'infoDisplay']);

    let systemOrder = 0;
    for (const system of MENU_CATALOG) {
      await rememberName(tx, system.name, seenNames);
      const systemRow = await tx.insert(menu).values(catalogueRows.system(system, systemOrder++)).returning({ menuId: menu.menuId });
      const systemMenuId = systemRow[0]!.menuId;
      systemMenuIds[system.systemId] = systemMenuId;
      allMenuIds.push(systemMenuId);
      let operatorSeesSystem = false;

      let groupOrder = 0;
      for (const group of system.groups) {
        await rememberName(tx, group.name, seenNames);
        const groupRow = await tx
          .insert(menu)
          .values(catalogueRows.group(group, systemMenuId, groupOrder++))
          .returning({ menuId: menu.menuId });
        const groupId = groupRow[0]!.menuId;
        allMenuIds.push(groupId);
        let operatorSeesGroup = false;

        let pageOrder = 0;
        for (const page of group.pages) {
          await rememberName(tx, page.name, seenNames);
          const pageRow = await tx
            .insert(menu)
            .values(catalogueRows.page(page, groupId, systemMenuId, pageOrder++))
            .returning({ menuId: menu.menuId });
          const pageId = pageRow[0]!.menuId;
          allMenuIds.push(pageId);
          const operatorSeesPage = operatorPages.has(page.perms);
          let operatorMissesButton = false;
          let buttonOrder = 0;
          for (const button of page.buttons ?? []) {
            await rememberName(tx, button.name, seenNames);
            const buttonRow = await tx
              .insert(menu)
              .values(catalogueRows.button(button, pageId, systemMenuId, buttonOrder++))
              .returning({ menuId: menu.menuId });
            allMenuIds.push(buttonRow[0]!.menuId);
            if (operatorSeesPage && operatorButtons.has(button.perms)) operatorMenuIds.push(buttonRow[0]!.menuId);
            else operatorMissesButton = true;
          }
          if (operatorSeesPage) {
            (operatorMissesButton ? operatorHalfIds : operatorMenuIds).push(pageId);
            operatorSeesGroup = true;
          }
        }
        if (operatorSeesGroup) {
          operatorHalfIds.push(groupId);
          operatorSeesSystem = true;
        }
      }
      if (operatorSeesSystem) operatorHalfIds.push(systemMenuId);
    }

    const adminRole = await tx.insert(role).values({ roleName: '系统管理员', deptId: rootDeptId, remark: '拥有全部系统、菜单和按钮权限', roleType: 1 }).returning({ roleId: role.roleId });
    const adminRoleId = adminRole[0]!.roleId;
    await tx.insert(roleMenu).values(allMenuIds.map((menuId) => ({ roleId: adminRoleId, menuId, halfChecked: false })));

    const eastId = orgIds.get('华东分公司')!;
    const operatorRole = await tx.insert(role).values({ roleName: '运营专员', deptId: eastId, remark: '华东分公司的信息发布与日志查看', roleType: 2 }).returning({ roleId: role.roleId });
    const operatorRoleId = operatorRole[0]!.roleId;
    // Half-checked by the rule every save applies (a menu with a child not granted), so that saving the role
    // unchanged changes nothing.
    const operatorGranted = new Set([...operatorMenuIds, ...operatorHalfIds]);
    const operatorHalf = (await loadMenuTable(tx)).halfChecked(operatorGranted);
    await tx.insert(roleMenu).values([...operatorGranted].map((menuId) => ({ roleId: operatorRoleId, menuId, halfChecked: operatorHalf.has(menuId) })));

    await seedRolesAndResources(tx, {
      rootDeptId,
      eastId,
      southId: orgIds.get('华南分公司')!,
      allMenuIds,
      operatorMenuIds: [...operatorMenuIds, ...operatorHalfIds],
      consoleSystemId: systemMenuIds[CONSOLE_SYSTEM_ID]!,
    });

    const admin = await tx
      .insert(user)
      .values({ username: 'admin', name: '系统管理员', deptId: rootDeptId, passwordHash: adminHash, status: 1, resetPwdAllowed: false, email: 'admin@example.com' })
      .returning({ userId: user.userId });
    const adminUserId = admin[0]!.userId;
    await tx.insert(userRole).values({ userId: adminUserId, roleId: adminRoleId, deptId: rootDeptId });

    // Two notices to everyone for the first year, read by nobody yet.
    const firstYear = sql`now() + interval '1 year'`;
    await tx.insert(notice).values([
      { title: '欢迎使用后台管理控制台', content: '首次登录请修改初始密码。', endTime: firstYear, createBy: adminUserId },
      { title: '系统维护通知', content: '每周日 02:00-04:00 进行例行维护。', endTime: firstYear, createBy: adminUserId },
    ]);

    await tx.insert(dataClassification).values([
      { name: '运单数据', number: 'WAYBILL', type: 'business', deptId: rootDeptId },
      { name: '客户数据', number: 'CUSTOMER', type: 'business', deptId: rootDeptId },
      { name: '财务数据', number: 'FINANCE', type: 'finance', deptId: rootDeptId },
    ]);

    for (const system of MENU_CATALOG) {
      await tx.insert(systemApiKey).values({
        systemMenuId: systemMenuIds[system.systemId]!,
        systemName: system.name.zh_CN,
        apiKey: randomBytes(16).toString('hex'),
        apiCode: config.clientId,
        owner: 'admin',
        status: 1,
      });
    }

    await seedDictionaries(tx, adminUserId);

    return { rootDeptId, adminRoleId, operatorRoleId, adminUserId, systemMenuIds };
  });
}
