import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../shared/constants';
import { ResponseCode } from '../shared/codes';
import { api } from '../shared/contract';
import { fillPath } from '../shared/contract/endpoint';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../shared/defaults';
import { signInAdminActor, type Actor } from './testing/actors';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * Input PostgreSQL cannot store, or ids beyond its integer columns, are refused by the contract with
 * `A0400` naming the field: they never reach the database (where they used to answer `B0001`).
 */

let server: TestServer;
let admin: Actor;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
});
afterAll(async () => {
  await server.close();
});

const url = (path: string) => `${API_PREFIX}${path}`;

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['a NUL', 'zhang\u0000san'],
    ['a lone high surrogate', 'zhang\uD800'],
    ['a lone low surrogate', '\uDC00san'],
  ])('%s in a string field is refused, naming the field', async (_case, name) => {
    const answer = await server.raw('POST', url(api.user.list.path), { name }, admin.as);
    expect(answer.body).toMatchObject({ code: ResponseCode.InvalidInput, msg: expect.stringMatching(/^name: contains a character that cannot be stored/) });
  });

  it('a NUL in the sign-in form (form-encoded, public) is refused before any look-up', async () => {
    const body = new URLSearchParams({ client_id: `${DEFAULT_CLIENT_ID}\u0000`, client_secret: DEFAULT_CLIENT_SECRET, grant_type: 'password', username: 'admin', password: 'x' }).toString();
    const answer = await server.raw('POST', url(api.auth.token.path), body, { contentType: 'application/x-www-form-urlencoded' });
    expect(answer.body).toMatchObject({ code: ResponseCode.InvalidInput, msg: expect.stringMatching(/^client_id: /) });
  });

  it('a NUL inside a nested object or in a key names its path', async () => {
    const nested = await server.raw('POST', url(api.user.list.path), { extra: { deep: ['ok', 'x\u0000'] } }, admin.as);
    expect(nested.body).toMatchObject({ code: ResponseCode.InvalidInput, msg: expect.stringMatching(/^extra\.deep\.1: /) });
    const key = await server.raw('POST', url(api.user.list.path), { 'na\u0000me': 'x' }, admin.as);
    expect(key.body).toMatchObject({ code: ResponseCode.InvalidInput, msg: expect.stringMatching(/^na\uFFFDme: /) });
  });

  it('a deeply nested body is walked without exhausting the stack', async () => {
    const deep = `${'['.repeat(100_000)}"x\\u0000"${']'.repeat(100_000)}`;
    const answer = await server.raw('POST', url(api.user.list.path), `{"extra":${deep}}`, { ...admin.as, contentType: 'application/json' });
    expect(answer.body.code).toBe(ResponseCode.InvalidInput);
  });

  it('text with paired surrogates (emoji) is stored as it is', async () => {
    const answer = await server.call(api.user.list, { name: '张三😀' }, admin.as);
    expect(answer.code).toBe(ResponseCode.Success);
  });
});

describe('ids beyond the integer columns', () => {
  it.each(['99999999999999999999', '1e40', '2147483648'])('%s as a path id is refused, naming the field', async (id) => {
    const answer = await server.raw('POST', url(fillPath(api.menu.info.path, { menuId: id }).path), {}, admin.as);
    // Beyond JavaScript's safe integers the id is no whole number at all; up to them, it is out of range.
    expect(answer.body).toMatchObject({ code: ResponseCode.InvalidInput, msg: expect.stringMatching(/^menuId: (is beyond the largest id \(2147483647\)|must be a positive whole number)$/) });
  });

  it('the largest id is a valid id (and simply not found)', async () => {
    const answer = await server.raw('POST', url(fillPath(api.menu.info.path, { menuId: '2147483647' }).path), {}, admin.as);
    expect(answer.body.code).toBe(ResponseCode.NotFound);
  });

  it.each([
    ['menu', api.menu.delete.path, { menuIds: '1,99999999999999999999' }, 'menuIds'],
    ['user', api.user.delete.path, { userIds: '2147483648' }, 'userIds'],
    ['service-centre', api.serviceCenter.delete.path, { userIds: '3,1e40' }, 'userIds'],
  ])('a %s batch delete with an id beyond the range is refused', async (_area, path, body, field) => {
    const answer = await server.raw('POST', url(path), body, admin.as);
    expect(answer.body).toMatchObject({ code: ResponseCode.InvalidInput, msg: expect.stringMatching(new RegExp(`^${field}: `)) });
  });

  it('filters and pages beyond the range are refused (department list, unbound users)', async () => {
    const users = await server.raw('POST', url(api.user.list.path), { deptId: 99999999999999999999 }, admin.as);
    expect(users.body).toMatchObject({ code: ResponseCode.InvalidInput, msg: expect.stringMatching(/^deptId: /) });
    const page = await server.raw('POST', url(api.serviceCenter.unboundUsers.path), { pageNum: 1e40, roleId: admin.roleId }, admin.as);
    expect(page.body.code).toBe(ResponseCode.InvalidInput);
  });
});

describe('malformed messenger code exchanges', () => {
  it.each([
    ['no body', undefined],
    ['an array', []],
    ['a number for the code', { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: 12 }],
    ['an object for the code', { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: { a: 1 } }],
    ['a NUL in the code', { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: 'a\u0000b' }],
    ['a huge code', { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: 'x'.repeat(100_000) }],
  ])('%s is a caller error, never a server error', async (_case, body) => {
    const answer = await server.raw('POST', url(api.auth.messengerUserInfo.path), body);
    expect(answer.body.code).not.toBe(ResponseCode.ServerError);
    expect(answer.status).toBeLessThan(500);
  });

  it('malformed JSON is a caller error', async () => {
    const answer = await server.raw('POST', url(api.auth.messengerUserInfo.path), '{"clientId": ', { contentType: 'application/json' });
    expect(answer.body.code).toBe(ResponseCode.InvalidInput);
  });
});
