import { and, eq } from 'drizzle-orm';
import { DeptType, MenuType } from '../../shared/constants';
import { CONSOLE_SYSTEM_ID } from '../../shared/menu-catalog';
import { Perm, type PermissionKey } from '../../shared/permissions';
import { loadMenuTable, markHalfCheckedParents, type MenuTable } from '../auth/menu-grants';
import type { Db } from '../db/client';
import { dept, deptMenu, i18nText, menu, role, roleMenu } from '../db/tables';

/**
 * The demo's grants of the hard kind (issue 45): roles and organisations holding pages with none, some or all of
 * their buttons, and a page that gained a button after it was granted (an administrator added it on the menu
 * screen, which grants it to no one). Opening any of them and saving unchanged must change nothing.
 */

/** A page by its key, with which of its buttons are granted: none, all, or the ones named. */
interface PageGrant {
  page: string;
  buttons: 'none' | 'all' | readonly PermissionKey[];
}

interface DemoRole {
  roleName: string;
  dept: string;
  remark: string;
  /** The system the pages are in (its catalogue id). */
  system: string;
  pages: readonly PageGrant[];
}

const LOGISTICS_SYSTEM_ID = 'logistics';

/** Organisations the demo adds: a third branch with its transfer centres, and the customer-service centre. */
const DEMO_ORGANISATIONS = [
  { name: '华北分公司', parent: null, type: DeptType.Company, person: '刘洋', telephone: '022-58000000', businessCentre: false },
  { name: '北京转运中心', parent: '华北分公司', type: DeptType.Department, person: '马超', telephone: '010-69000000', businessCentre: true },
  { name: '天津转运中心', parent: '华北分公司', type: DeptType.Department, person: '高静', telephone: '022-58000001', businessCentre: true },
  { name: '客户服务中心', parent: null, type: DeptType.Department, person: '林芳', telephone: '400-800-0000', businessCentre: false },
] as const;

const DEMO_ROLES: readonly DemoRole[] = [
  {
    roleName: '华北用户管理员',
    dept: '华北分公司',
    remark: '维护华北分公司的账号与转运中心绑定，不能删除用户',
    system: CONSOLE_SYSTEM_ID,
    pages: [
      { page: Perm.userView, buttons: [Perm.userSave, Perm.userUpdate, Perm.userResetPwd] },
      { page: Perm.serviceCenterView, buttons: 'all' },
      { page: Perm.deptView, buttons: 'none' },
    ],
  },
  {
    roleName: '华北短信专员',
    dept: '华北分公司',
    remark: '发送到件与派送短信，查看发送记录',
    system: CONSOLE_SYSTEM_ID,
    pages: [
      { page: Perm.smsSendView, buttons: 'all' },
      { page: Perm.smsRecordView, buttons: 'all' },
      { page: Perm.sendCenterView, buttons: 'all' },
      { page: Perm.templateView, buttons: 'none' },
      { page: Perm.signatureView, buttons: 'none' },
    ],
  },
  {
    roleName: '华北调度员',
    dept: '华北分公司',
    remark: '物流运营系统的信息与访问统计',
    system: LOGISTICS_SYSTEM_ID,
    pages: [
      { page: Perm.infoView, buttons: 'all' },
      { page: Perm.statisticsView, buttons: 'all' },
    ],
  },
  {
    roleName: '客服专员',
    dept: '客户服务中心',
    remark: '发送通知与邮件，查询用户',
    system: CONSOLE_SYSTEM_ID,
    pages: [
      { page: Perm.noticeView, buttons: 'all' },
      { page: Perm.mailView, buttons: 'all' },
      { page: Perm.userView, buttons: 'none' },
    ],
  },
  {
    roleName: '客服主管',
    dept: '客户服务中心',
    remark: '维护数据分组与机构，查看分类',
    system: CONSOLE_SYSTEM_ID,
    pages: [
      { page: Perm.dataGroupView, buttons: [Perm.dataGroupSave] },
      { page: Perm.organView, buttons: 'all' },
      { page: Perm.classifyView, buttons: 'none' },
      { page: Perm.noticeView, buttons: 'all' },
    ],
  },
];

/** What the transfer centre in Beijing holds: the user page with some of its buttons. */
const BEIJING_PAGES: readonly PageGrant[] = [
  { page: Perm.userView, buttons: [Perm.userUpdate] },
  { page: Perm.serviceCenterView, buttons: 'none' },
];

/** The button the demo's administrator added to a granted page afterwards (the logistics system's articles). */
const LATE_BUTTON = {
  page: Perm.infoView,
  system: LOGISTICS_SYSTEM_ID,
  name: { chinese: '推送到司机端', english: 'Push to drivers', german: 'An Fahrer senden', korean: '기사 앱으로 푸시', japanese: 'ドライバーへ配信' },
  perms: 'logisticsInfoPush',
};

/** The menus a grant of `pages` in `systemMenuId` holds: the pages, their chosen buttons and every menu above them. */
function grantedMenus(menus: MenuTable, systemMenuId: number, pages: readonly PageGrant[]): Set<number> {
  const granted = new Set<number>();
  const withAncestors = (id: number) => {
    for (let at: number | null = id; at !== null && !granted.has(at); at = menus.byId.get(at)?.parentId ?? null) granted.add(at);
  };
  for (const grant of pages) {
    const page = menus.rows.find((row) => row.systemMenuId === systemMenuId && row.type === MenuType.Menu && row.perms === grant.page);
    if (!page) throw new Error(`The demo grants the page ${grant.page}, which the menu table does not have`);
    withAncestors(page.menuId);
    for (const button of menus.children(page.menuId)) {
      if (grant.buttons === 'all' || (grant.buttons !== 'none' && grant.buttons.includes(button.perms as PermissionKey))) granted.add(button.menuId);
    }
  }
  return granted;
}

export async function seedDemoPermissions(db: Db): Promise<void> {
  const [root] = await db.select({ deptId: dept.deptId }).from(dept).where(eq(dept.name, '远航物流集团'));
  if (!root) return;
  const orgIds = new Map<string, number>();
  for (const [order, org] of DEMO_ORGANISATIONS.entries()) {
    const parentId = org.parent === null ? root.deptId : orgIds.get(org.parent)!;
    const [row] = await db
      .insert(dept)
      .values({ name: org.name, parentId, deptType: org.type, deptPerson: org.person, orderNum: 10 + order, businessCentre: org.businessCentre, telephone: org.telephone, companyAddress: '' })
      .returning({ deptId: dept.deptId });
    orgIds.set(org.name, row!.deptId);
  }

  const menus = await loadMenuTable(db);
  const systemIds = new Map(menus.rows.filter((row) => row.type === MenuType.System).map((row) => [row.perms, row.menuId]));
  const systemOf = (id: string) => {
    const found = systemIds.get(id);
    if (found === undefined) throw new Error(`The demo grants menus of the system ${id}, which the menu table does not have`);
    return found;
  };
  const held = new Map<number, Set<number>>();
  const hold = (deptId: number, ids: Iterable<number>) => {
    const set = held.get(deptId) ?? new Set<number>();
    for (const id of ids) set.add(id);
    held.set(deptId, set);
  };

  for (const spec of DEMO_ROLES) {
    const deptId = orgIds.get(spec.dept)!;
    const granted = grantedMenus(menus, systemOf(spec.system), spec.pages);
    const half = menus.halfChecked(granted);
    const [row] = await db.insert(role).values({ roleName: spec.roleName, deptId, remark: spec.remark, roleType: 2 }).returning({ roleId: role.roleId });
    await db.insert(roleMenu).values([...granted].map((menuId) => ({ roleId: row!.roleId, menuId, halfChecked: half.has(menuId) })));
    hold(deptId, granted);
  }
  hold(orgIds.get('北京转运中心')!, grantedMenus(menus, systemOf(CONSOLE_SYSTEM_ID), BEIJING_PAGES));
  for (const [deptId, ids] of held) await db.insert(deptMenu).values([...ids].map((menuId) => ({ deptId, menuId, systemMenuId: menus.systemOf(menuId)! })));

  // Added after the grants above, as the menu screen adds a button: no role or organisation is given it.
  const lateSystem = systemOf(LATE_BUTTON.system);
  const page = menus.rows.find((row) => row.systemMenuId === lateSystem && row.perms === LATE_BUTTON.page)!;
  const order = menus.children(page.menuId).length;
  const existing = await db
    .select({ menuId: menu.menuId })
    .from(menu)
    .where(and(eq(menu.parentId, page.menuId), eq(menu.perms, LATE_BUTTON.perms)));
  if (existing.length > 0) return;
  await db
    .insert(i18nText)
    .values({ ...LATE_BUTTON.name, status: 1, operater: 'admin' })
    .onConflictDoNothing();
  await db.insert(menu).values({ name: LATE_BUTTON.name.chinese, parentId: page.menuId, systemMenuId: lateSystem, type: MenuType.Button, perms: LATE_BUTTON.perms, orderNum: order });
  // As the menu screen's add does: the roles holding the page whole now hold it half-checked.
  await markHalfCheckedParents(db, [page.menuId]);
}
