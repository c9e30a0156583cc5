import { eq, like, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { api } from '../../shared/contract';
import { operationLog, role } from '../db/schema';
import { deptIdOf, signInAdminActor, type Actor } from '../testing/actors';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

/** From now on the database refuses every operation-log row whose text contains `marker`. */
async function refuseLogRowsNaming(marker: string): Promise<void> {
  await server.services.db.execute(sql.raw(`alter table log_operation add constraint refuse_marked_rows check (operation_content not like '%${marker}%')`));
}

async function logRowsNaming(marker: string) {
  await server.services.audit.flush();
  return server.services.db
    .select()
    .from(operationLog)
    .where(like(operationLog.operationContent, `%${marker}%`));
}

async function rolesNamed(roleName: string) {
  return server.services.db.select().from(role).where(eq(role.roleName, roleName));
}

describe('a change and its operation-log row', () => {
  it('are written together: the row is there when the call answers, nothing left queued', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const added = await server.call(api.role.add, { roleName: 'logged-at-once', deptId: east }, admin.as);
    expect(added.code).toBe(ResponseCode.Success);
    expect(server.services.audit.counts().operation.queued).toBe(0);
    const rows = await server.services.db.select().from(operationLog).where(eq(operationLog.operationContent, '新增角色 logged-at-once'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.operLoginName).toBe('admin');
    expect(rows[0]!.operDeptId).not.toBeNull();
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('roll back together when the log row is refused: an added role is not kept', async () => {
    await refuseLogRowsNaming('unlogged-role');
    const east = await deptIdOf(server, '华东分公司');
    const added = await server.call(api.role.add, { roleName: 'unlogged-role', deptId: east }, admin.as);
    expect(added.code).toBe(ResponseCode.ServerError);
    expect(await rolesNamed('unlogged-role')).toHaveLength(0);
    expect(await logRowsNaming('unlogged-role')).toHaveLength(0);
  });

  it('roll back together when the log row is refused: an updated role keeps its values and version', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const added = await server.call(api.role.add, { roleName: 'kept-role', deptId: east, remark: 'before' }, admin.as);
    expect(added.code).toBe(ResponseCode.Success);
    await refuseLogRowsNaming('renamed-unlogged');
    const updated = await server.call(api.role.update, { roleId: added.data!.roleId, roleName: 'renamed-unlogged', deptId: east, remark: 'after', menuIdList: [], version: 1 }, admin.as);
    expect(updated.code).toBe(ResponseCode.ServerError);
    const [kept] = await rolesNamed('kept-role');
    expect(kept).toMatchObject({ remark: 'before', version: 1 });
    expect(await logRowsNaming('renamed-unlogged')).toHaveLength(0);
  });

  it('roll back together when the log row is refused: a signed-out session keeps working', async () => {
    await refuseLogRowsNaming('admin 退出登录');
    expect((await server.call(api.auth.logout, {}, admin.as)).code).toBe(ResponseCode.ServerError);
    expect((await server.call(api.session.roleSelect, {}, admin.as)).code).toBe(ResponseCode.Success);
    expect(await logRowsNaming('admin 退出登录')).toHaveLength(0);
  });

  it('leave no row when the change itself is refused', async () => {
    const east = await deptIdOf(server, '华东分公司');
    expect((await server.call(api.role.add, { roleName: 'twice-added', deptId: east }, admin.as)).code).toBe(ResponseCode.Success);
    const again = await server.call(api.role.add, { roleName: 'twice-added', deptId: east }, admin.as);
    expect(again.code).not.toBe(ResponseCode.Success);
    expect(await rolesNamed('twice-added')).toHaveLength(1);
    expect(await logRowsNaming('twice-added')).toHaveLength(1);
  });
});
