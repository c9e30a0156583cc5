import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { API_PREFIX } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import type { DeptForm } from '../contract';
import { Perm } from '../../../shared/permissions';
import { dept, deptResource, file, operationLog } from '../../../server/db/schema';
import { deptIdOf, insertUserWithRole, roleIdOf, signInAdminActor, signInBranchAdmin, signInOperator, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';
import { readFile, uploadedId } from '../../../server/platform/file/test-files';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

const DEPT_KEYS = [Perm.deptView, Perm.deptSave, Perm.deptUpdate, Perm.deptDelete];
const branchAdmin = (username = 'eastAdmin', keys = DEPT_KEYS) => signInBranchAdmin(server, { username, keys });
const url = (path: string) => `${API_PREFIX}${path}`;

function companyForm(parentId: number, extra: Partial<DeptForm> = {}): DeptForm {
  return {
    name: '苏州分公司',
    deptType: '0',
    parentId,
    deptPerson: '林峰',
    telephone: '0512-60000000',
    companyAddress: '苏州市工业园区',
    remake: '新设',
    companyCode: '91320594MA1XXXXX0Y',
    establishTime: '2020-05-01',
    legalPerson: '林峰',
    registeredCapital: '1000万元',
    registeredAddress: '苏州市工业园区星湖街',
    ...extra,
  };
}

async function info(deptId: number, as = admin.as) {
  return server.call(api.dept.info, { deptId }, as);
}

describe('organisation list', () => {
  it('lists the organisations of the role in tree order, or the subtree chosen in the filter', async () => {
    const all = await server.call(api.dept.list, {}, admin.as);
    expect(all.code).toBe(ResponseCode.Success);
    expect(all.data!.map((d) => d.name)).toEqual([
      '远航物流集团',
      '信息技术部',
      '财务部',
      '华东分公司',
      '华东运营部',
      '上海转运中心',
      '杭州转运中心',
      '华南分公司',
      '华南运营部',
      '广州转运中心',
      '深圳转运中心',
    ]);
    const east = await deptIdOf(server, '华东分公司');
    const subtree = await server.call(api.dept.list, { deptId: east }, admin.as);
    expect(subtree.data!.map((d) => d.name)).toEqual(['华东分公司', '华东运营部', '上海转运中心', '杭州转运中心']);
    expect(subtree.data![0]).toMatchObject({ deptPerson: '陈涛', telephone: '021-60000000', deptType: '0' });
    const byPerson = await server.call(api.dept.list, { deptId: east, deptPerson: '吴' }, admin.as);
    expect(byPerson.data!.map((d) => d.name)).toEqual(['上海转运中心']);
  });

  it('keeps a branch role to its subtree and refuses an organisation outside it', async () => {
    const branch = await branchAdmin();
    const list = await server.call(api.dept.list, {}, branch.as);
    expect(list.data!.map((d) => d.name)).toEqual(['华东分公司', '华东运营部', '上海转运中心', '杭州转运中心']);
    const outside = await server.call(api.dept.list, { deptId: await deptIdOf(server, '华南分公司') }, branch.as);
    expect(outside.code).toBe(ResponseCode.OutOfScope);
    expect((await info(await deptIdOf(server, '华南分公司'), branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await info(999_999, branch.as)).code).toBe(ResponseCode.NotFound);
  });

  it('needs the organisation view key', async () => {
    const operator = await signInOperator(server);
    expect((await server.call(api.dept.list, {}, operator.as)).code).toBe(ResponseCode.Forbidden);
    expect((await info(await deptIdOf(server, '华东分公司'), operator.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('adding organisations', () => {
  it('adds a company with every field and its ID-card images, and logs it', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const front = await uploadedId(server, 'idCard', admin.as);
    const back = await uploadedId(server, 'idCard', admin.as);
    const added = await server.call(
      api.dept.add,
      companyForm(east, {
        companyType: east,
        orderNum: 3,
        sysDeptResourceEntityList: [
          { slot: 0, resourceid: front },
          { slot: 1, resourceid: back },
        ],
      }),
      admin.as,
    );
    expect(added.code).toBe(ResponseCode.Success);
    const record = await info(added.data!.deptId);
    expect(record.data).toMatchObject({
      name: '苏州分公司',
      deptType: '0',
      parentId: east,
      parentName: '华东分公司',
      companyType: east,
      companyTypeName: '华东分公司',
      companyCode: '91320594MA1XXXXX0Y',
      establishTime: '2020-05-01',
      legalPerson: '林峰',
      registeredCapital: '1000万元',
      registeredAddress: '苏州市工业园区星湖街',
      orderNum: 3,
      createName: '系统管理员',
      version: 1,
      sysDeptResourceEntityList: [
        { slot: 0, resourceid: front, resourceurl: `/api/sys/file/${front}` },
        { slot: 1, resourceid: back, resourceurl: `/api/sys/file/${back}` },
      ],
    });
    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'add')))[0]!;
    expect(logged.beforeOperation).toBeNull();
    expect(logged.afterOperation).toMatchObject({
      name: '苏州分公司',
      idCardImages: [
        { slot: 0, fileId: front },
        { slot: 1, fileId: back },
      ],
    });
  });

  it('stores a department without the company-only fields and images', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const image = await uploadedId(server, 'idCard', admin.as);
    const added = await server.call(api.dept.add, { ...companyForm(east), name: '苏州运营部', deptType: '1', sysDeptResourceEntityList: [{ slot: 0, resourceid: image }] }, admin.as);
    expect(added.code).toBe(ResponseCode.Success);
    expect((await info(added.data!.deptId)).data).toMatchObject({ deptType: '1', companyCode: '', establishTime: null, legalPerson: '', sysDeptResourceEntityList: [], deptPerson: '林峰' });
  });

  it('checks each field rule and names the field', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const tomorrowEverywhere = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: undefined }, 'name: please enter organization name'],
      [{ name: '  ' }, 'name: please enter organization name'],
      [{ name: '苏' }, 'name: length must be 2 to 20 characters'],
      [{ name: 'x'.repeat(21) }, 'name: length must be 2 to 20 characters'],
      [{ deptType: undefined }, 'deptType: please select organization type'],
      [{ deptType: '2' }, 'deptType: is not one of the allowed values'],
      [{ establishTime: tomorrowEverywhere }, 'establishTime: the establish date cannot be later than today'],
      [{ establishTime: '2021-02-30' }, 'establishTime: must be a valid date (YYYY-MM-DD)'],
      [{ companyCode: '123' }, 'companyCode: must be an 18-character unified social credit code'],
      [{ telephone: 'call me' }, 'telephone: may contain only digits, spaces and + - ( )'],
      [{ deptPerson: 'x'.repeat(51) }, 'deptPerson: is too long'],
      [{ parentId: 999_999 }, 'parentId: The record does not exist'],
      [{ companyType: await deptIdOf(server, '财务部') }, 'companyType: must be a company inside the current role'],
      [
        {
          sysDeptResourceEntityList: [
            { slot: 0, resourceid: 1 },
            { slot: 0, resourceid: 2 },
          ],
        },
        'sysDeptResourceEntityList: contains the same entry twice',
      ],
    ];
    for (const [patch, msg] of cases) {
      const answer = await server.raw('POST', url(api.dept.add.path), { ...companyForm(east), ...patch }, admin.as);
      expect(answer.body, JSON.stringify(patch)).toMatchObject({ code: ResponseCode.InvalidInput, msg });
    }
    expect(await server.services.db.select().from(dept).where(eq(dept.name, '苏州分公司'))).toEqual([]);
    const chinese = await server.raw('POST', url(api.dept.add.path), { ...companyForm(east), name: '' }, { ...admin.as, language: 'zh_CN' });
    expect(chinese.body.msg).toBe('name: 请输入组织名称');
  });

  it('keeps a branch role inside its subtree: no top organisation, no parent or company type outside', async () => {
    const branch = await branchAdmin();
    const east = await deptIdOf(server, '华东分公司');
    const south = await deptIdOf(server, '华南分公司');
    expect((await server.call(api.dept.add, companyForm(east), branch.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.dept.add, { ...companyForm(east), name: '顶级公司', parentId: null }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.dept.add, { ...companyForm(south), name: '广州二部' }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.dept.add, { ...companyForm(east), name: '无锡分公司', companyType: south }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    // A role that sees every organisation may add a top organisation.
    expect((await server.call(api.dept.add, { ...companyForm(east), name: '新集团', parentId: null }, admin.as)).code).toBe(ResponseCode.Success);
  });

  it('attaches only ID-card uploads of the caller that nothing uses yet', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const branch = await branchAdmin();
    const someoneElses = await uploadedId(server, 'idCard', branch.as);
    const article = await uploadedId(server, 'articleImage', admin.as);
    const mine = await uploadedId(server, 'idCard', admin.as);
    const refused = (resourceid: number) => server.call(api.dept.add, companyForm(east, { name: `公司${resourceid}`, sysDeptResourceEntityList: [{ slot: 0, resourceid }] }), admin.as);
    expect(await refused(someoneElses)).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'sysDeptResourceEntityList: is not a file you uploaded for this use' });
    expect((await refused(article)).code).toBe(ResponseCode.InvalidInput);
    expect((await refused(999_999)).code).toBe(ResponseCode.InvalidInput);
    expect((await refused(mine)).code).toBe(ResponseCode.Success);
    // Now used by that company: no second record takes it.
    expect((await server.call(api.dept.add, companyForm(east, { name: '另一家公司', sysDeptResourceEntityList: [{ slot: 0, resourceid: mine }] }), admin.as)).code).toBe(ResponseCode.InvalidInput);
  });

  it('needs the add key on the server, whatever the screen shows', async () => {
    const viewer = await branchAdmin('eastViewer', [Perm.deptView, Perm.deptUpdate]);
    const answer = await server.call(api.dept.add, companyForm(await deptIdOf(server, '华东分公司')), viewer.as);
    expect(answer.code).toBe(ResponseCode.Forbidden);
  });
});

describe('updating organisations', () => {
  async function added(extra: Partial<DeptForm> = {}) {
    const answer = await server.call(api.dept.add, companyForm(await deptIdOf(server, '华东分公司'), extra), admin.as);
    return (await info(answer.data!.deptId)).data!;
  }
  const formOf = (record: NonNullable<Awaited<ReturnType<typeof added>>>) => ({
    ...record,
    deptType: record.deptType as '0' | '1',
    sysDeptResourceEntityList: record.sysDeptResourceEntityList.map(({ slot, resourceid }) => ({ slot: slot as 0 | 1, resourceid })),
  });

  it('saves with the version read, replaces an image (the old file goes) and logs before and after', async () => {
    const front = await uploadedId(server, 'idCard', admin.as);
    const record = await added({ sysDeptResourceEntityList: [{ slot: 0, resourceid: front }] });
    const newFront = await uploadedId(server, 'idCard', admin.as);
    const saved = await server.call(api.dept.update, { ...formOf(record), name: '苏州公司', sysDeptResourceEntityList: [{ slot: 0, resourceid: newFront }] }, admin.as);
    expect(saved).toMatchObject({ code: ResponseCode.Success, data: { deptId: record.deptId, version: 2 } });
    expect((await info(record.deptId)).data).toMatchObject({ name: '苏州公司', version: 2, sysDeptResourceEntityList: [{ slot: 0, resourceid: newFront }] });
    expect(
      (
        await server.services.db
          .select({ fileId: file.fileId })
          .from(file)
          .where(inArray(file.fileId, [front, newFront]))
      ).map((f) => f.fileId),
    ).toEqual([newFront]);

    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'update')))[0]!;
    expect(logged.beforeOperation).toMatchObject({ name: '苏州分公司', version: 1, idCardImages: [{ slot: 0, fileId: front }] });
    expect(logged.afterOperation).toMatchObject({ name: '苏州公司', version: 2, idCardImages: [{ slot: 0, fileId: newFront }] });
  });

  it('keeps the images it already has and drops them when the company becomes a department', async () => {
    const front = await uploadedId(server, 'idCard', admin.as);
    const record = await added({ sysDeptResourceEntityList: [{ slot: 0, resourceid: front }] });
    expect((await server.call(api.dept.update, { ...formOf(record), remake: '改' }, admin.as)).code).toBe(ResponseCode.Success);
    const kept = (await info(record.deptId)).data!;
    expect(kept.sysDeptResourceEntityList.map((i) => i.resourceid)).toEqual([front]);
    expect((await server.call(api.dept.update, { ...formOf(kept), deptType: '1' }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await info(record.deptId)).data).toMatchObject({ deptType: '1', companyCode: '', sysDeptResourceEntityList: [] });
    expect(await server.services.db.select().from(file).where(eq(file.fileId, front))).toEqual([]);
  });

  it('refuses a stale version, and of two saves of one version exactly one wins', async () => {
    const record = await added();
    const form = formOf(record);
    const [a, b] = await Promise.all([server.call(api.dept.update, { ...form, name: '第一个' }, admin.as), server.call(api.dept.update, { ...form, name: '第二个' }, admin.as)]);
    expect([a.code, b.code].sort()).toEqual([ResponseCode.Success, ResponseCode.StaleRecord].sort());
    const stale = await server.call(api.dept.update, { ...form, name: '第三个' }, admin.as);
    expect(stale).toMatchObject({ code: ResponseCode.StaleRecord, msg: 'Someone else changed this record; reload and try again' });
  });

  it('refuses moving an organisation under itself or below it, and outside the role', async () => {
    const eastRecord = (await info(await deptIdOf(server, '华东分公司'))).data!;
    const below = await deptIdOf(server, '上海转运中心');
    expect(await server.call(api.dept.update, { ...formOf(eastRecord), parentId: below }, admin.as)).toMatchObject({
      code: ResponseCode.InvalidInput,
      msg: 'parentId: an organisation cannot move under itself or one of its sub-organisations',
    });
    expect((await server.call(api.dept.update, { ...formOf(eastRecord), parentId: eastRecord.deptId }, admin.as)).code).toBe(ResponseCode.InvalidInput);

    const branch = await branchAdmin();
    // Its own top organisation: editable where it stands (its parent lies outside the role), not movable out.
    expect((await server.call(api.dept.update, { ...formOf(eastRecord), deptPerson: '陈涛涛' }, branch.as)).code).toBe(ResponseCode.Success);
    const south = (await info(await deptIdOf(server, '华南运营部'))).data!;
    expect((await server.call(api.dept.update, { ...formOf(south), name: '改名' }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    const shanghai = (await info(below, branch.as)).data!;
    expect((await server.call(api.dept.update, { ...formOf(shanghai), parentId: await deptIdOf(server, '华南分公司') }, branch.as)).code).toBe(ResponseCode.OutOfScope);
  });

  it('needs the update key on the server', async () => {
    const adder = await branchAdmin('eastAdder', [Perm.deptView, Perm.deptSave]);
    const record = (await info(await deptIdOf(server, '华东运营部'), adder.as)).data!;
    expect((await server.call(api.dept.update, { ...formOf(record), name: '改名' }, adder.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('deleting organisations', () => {
  it('refuses one that still has sub-organisations, users or roles, saying which and how many', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const answer = await server.call(api.dept.delete, { deptIds: String(east) }, admin.as);
    expect(answer).toMatchObject({ code: ResponseCode.InUse, msg: '华东分公司 cannot be deleted: it still has 3 sub-organisation(s), 1 role(s)' });
    const ops = await deptIdOf(server, '华东运营部');
    await insertUserWithRole(server.services, 'opsuser', 'Ops_pw_2026', await roleIdOf(server, '运营专员'), ops);
    const withUser = await server.call(api.dept.delete, { deptIds: String(ops) }, { ...admin.as, language: 'zh_CN' });
    expect(withUser).toMatchObject({ code: ResponseCode.InUse, msg: '华东运营部不能删除：仍有1个用户' });
    expect(
      await server.services.db
        .select()
        .from(dept)
        .where(inArray(dept.deptId, [east, ops])),
    ).toHaveLength(2);
  });

  it('deletes a parent with its children in one go, their images with them, and logs them', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const front = await uploadedId(server, 'idCard', admin.as);
    const parent = (await server.call(api.dept.add, companyForm(east, { sysDeptResourceEntityList: [{ slot: 0, resourceid: front }] }), admin.as)).data!.deptId;
    const child = (await server.call(api.dept.add, { ...companyForm(parent), name: '园区营业部', deptType: '1' }, admin.as)).data!.deptId;
    const answer = await server.call(api.dept.delete, { deptIds: `${parent},${child}` }, admin.as);
    expect(answer.code).toBe(ResponseCode.Success);
    expect(
      await server.services.db
        .select()
        .from(dept)
        .where(inArray(dept.deptId, [parent, child])),
    ).toEqual([]);
    expect(await server.services.db.select().from(deptResource).where(eq(deptResource.deptId, parent))).toEqual([]);
    expect(await server.services.db.select().from(file).where(eq(file.fileId, front))).toEqual([]);
    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'delete')))[0]!;
    expect((logged.beforeOperation as Array<{ name: string }>).map((d) => d.name).sort()).toEqual(['园区营业部', '苏州分公司']);
  });

  it('deletes nothing when one of the selection is refused', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const free = (await server.call(api.dept.add, { ...companyForm(east), name: '空部门', deptType: '1' }, admin.as)).data!.deptId;
    const answer = await server.call(api.dept.delete, { deptIds: `${free},${east}` }, admin.as);
    expect(answer.code).toBe(ResponseCode.InUse);
    expect(await server.services.db.select().from(dept).where(eq(dept.deptId, free))).toHaveLength(1);
  });

  it('refuses organisations outside the role, unknown ones, and callers without the delete key', async () => {
    const branch = await branchAdmin();
    const south = await deptIdOf(server, '华南运营部');
    expect((await server.call(api.dept.delete, { deptIds: String(south) }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.dept.delete, { deptIds: '999999' }, branch.as)).code).toBe(ResponseCode.NotFound);
    const viewer = await branchAdmin('eastViewer', [Perm.deptView]);
    expect((await server.call(api.dept.delete, { deptIds: String(await deptIdOf(server, '杭州转运中心')) }, viewer.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('ID-card images through the organisation', () => {
  it('are read by a role of the organisation with the view key once saved', async () => {
    const front = await uploadedId(server, 'idCard', admin.as);
    const record = (await server.call(api.dept.add, companyForm(await deptIdOf(server, '华东分公司'), { sysDeptResourceEntityList: [{ slot: 0, resourceid: front }] }), admin.as)).data!;
    const viewer = await branchAdmin('eastViewer', [Perm.deptView]);
    const shown = (await info(record.deptId, viewer.as)).data!;
    const read = await readFile(server, shown.sysDeptResourceEntityList[0]!.resourceurl, viewer.as);
    expect(read).toMatchObject({ status: 200, type: 'image/png' });
  });
});
