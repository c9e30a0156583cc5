import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { API_PREFIX, FilePurpose, Header, MenuType, RoleType } from '../../shared/constants';
import { api, fillPath, listEndpoints, type EndpointDef } from '../../shared/contract';
import { UploadedFile } from '../../shared/contract/file';
import { DEFAULT_CLIENT_ID } from '../../shared/defaults';
import { ALL_PERMISSION_KEYS, isCompanyWideKey } from '../../shared/permissions';
import { rowsOf } from '../auth/authz';
import { hashToken } from '../auth/tokens';
import { accessToken, dataClassification, deptResource, file, interfaceLog, menu, oauthClient, operationLog, refreshToken, role, messageApiKey, messageSystem, outbox, smsBatch } from '../db/schema';
import { notice, mailMessage } from '../db/tables';
import { multipartBody, PNG_1PX } from '../platform/file/test-files';
import { deptIdOf, insertUserWithRole, signInAdminActor, signInBranchAdmin, signInWithRole, type Actor } from '../testing/actors';
import { startTestServer, UNLIMITED_RATE_LIMITS, type TestServer } from '../testing/harness';
import { baselineInput, HANDLER_KEY_CASES, idFieldsOf, SCOPE_CASES, scopeInputs, UNSCOPED_AREAS, UNSCOPED_ENDPOINTS, type MatrixFixtures } from './authz-matrix-inputs';
import { reportFigure } from './figures';

/**
 * The authorisation matrix (issue 15, suite 2): every non-public endpoint of the contract is called by callers
 * who must be refused — no token, an expired one, revoked ones (signed out, session ended by an administrator,
 * password changed), forged ones, a role header the user does not hold, a role without the endpoint's
 * permission key, a role of one organisation with a key of the whole company's records, ids outside the role's organisations — and each refusal must carry its code and change
 * nothing (no operation-log row, every table but the interface log as it was).
 */

const SUITE = 'authorisation matrix';
const PASSWORD = 'Matrix_2026a';
const NEW_PASSWORD = 'Matrix_2026b';

interface MatrixCase {
  /** The column of the matrix and the variant. */
  name: string;
  expected: string;
  token?: string;
  roleHeader?: string;
  /** The input, when not the endpoint's baseline. */
  input?: Record<string, unknown>;
}

interface Outcome {
  endpoint: string;
  name: string;
  expected: string;
  code: string;
}

let server: TestServer;
let fixtures: MatrixFixtures;
let sealed: string;
/** Token variants and callers: each valid caller acts in a role of 华东分公司. */
let holder: Actor;
let keyless: Actor;
let badTokens: Array<{ name: string; token: string }>;

/** Signs `username` in again and gives the new access token. */
async function signedIn(username: string, password: string): Promise<string> {
  const signed = await server.signIn(username, password);
  if (!signed.data) throw new Error(`sign-in of ${username} failed: ${signed.code} ${signed.msg}`);
  return signed.data.accessToken;
}

async function familyOf(token: string): Promise<string> {
  const rows = await server.services.db
    .select({ familyId: accessToken.familyId })
    .from(accessToken)
    .where(eq(accessToken.tokenHash, hashToken(token)));
  return rows[0]!.familyId;
}

/** Sends one call as the wire carries it (path, query, JSON, form or multipart) and gives the envelope's code. */
async function send(def: EndpointDef, input: Record<string, unknown>, token: string | undefined, roleHeader: string | undefined): Promise<string> {
  const { path, rest } = fillPath(def.path, input);
  const headers: Record<string, string> = { [Header.Language]: 'en_US' };
  if (token !== undefined) headers[Header.Authorization] = `Bearer ${token}`;
  if (roleHeader !== undefined) headers[Header.Role] = roleHeader;
  const url = API_PREFIX + path;
  const text = (entries: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(entries)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
  let response;
  if (def.method === 'GET') {
    response = await server.app.inject({ method: 'GET', url, query: text(rest), headers });
  } else if (def.encoding === 'multipart') {
    const upload = rest.file as UploadedFile;
    const body = await multipartBody({ purpose: String(rest.purpose), files: [['file', upload.name, upload.bytes, 'image/png']] });
    response = await server.app.inject({ method: def.method, url, payload: body.payload, headers: { ...headers, 'content-type': body.contentType } });
  } else if (def.encoding === 'form') {
    const form = new URLSearchParams(text(rest));
    response = await server.app.inject({ method: def.method, url, payload: form.toString(), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } });
  } else {
    response = await server.app.inject({ method: def.method, url, payload: rest, headers });
  }
  try {
    return String((JSON.parse(response.body) as { code?: unknown }).code ?? `HTTP ${response.statusCode}`);
  } catch {
    return `HTTP ${response.statusCode} (not an envelope)`;
  }
}

/** Per table (all but the interface log, which records refused calls too): its rows and a digest of their text. */
async function snapshot(): Promise<Map<string, string>> {
  await server.services.audit.flush();
  const tables = rowsOf<{ table_name: string }>(
    await server.services.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  )
    .map((row) => row.table_name)
    .filter((name) => name !== 'log_interface');
  const query = tables.map((name) => `select '${name}' as name, count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`).join(' union all ');
  const rows = rowsOf<{ name: string; n: number; digest: string }>(await server.services.db.execute(sql.raw(query)));
  return new Map(rows.map((row) => [row.name, `${row.n}:${row.digest}`]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

async function operationLogRows(): Promise<number> {
  await server.services.audit.flush();
  return (await server.services.db.select({ n: sql<number>`count(*)::int` }).from(operationLog))[0]!.n;
}

beforeAll(async () => {
  server = await startTestServer({ rateLimits: UNLIMITED_RATE_LIMITS });
  const { db } = server.services;
  sealed = await server.seal(PASSWORD);
  let admin = await signInAdminActor(server);
  const rootDeptId = await deptIdOf(server, '远航物流集团');
  const eastDeptId = await deptIdOf(server, '华东分公司');
  const southDeptId = await deptIdOf(server, '华南分公司');

  // Records of 华南分公司: a role, a user holding it, an ID-card image the company uses.
  const southRoleId = (await db.insert(role).values({ roleName: '华南矩阵角色', deptId: southDeptId, roleType: RoleType.OwnSubtree }).returning({ roleId: role.roleId }))[0]!.roleId;
  const southUsername = 'matrixsouth';
  const southUserId = await insertUserWithRole(server.services, southUsername, PASSWORD, southRoleId);
  const southFileId = (
    await db
      .insert(file)
      .values({ purpose: FilePurpose.IdCard, name: 'id-card.png', mime: 'image/png', size: PNG_1PX.length, sha256: 'matrix', content: PNG_1PX, createBy: admin.userId })
      .returning({ fileId: file.fileId })
  )[0]!.fileId;
  await db.insert(deptResource).values({ deptId: southDeptId, fileId: southFileId, slot: 0 });
  const southNoticeId = (
    await db
      .insert(notice)
      .values({
        title: '华南矩阵通知',
        content: 'matrix',
        audienceType: 'org',
        audienceDeptId: southDeptId,
        endTime: new Date(server.clock.now().getTime() + 7 * 24 * 3600 * 1000),
        createBy: admin.userId,
      })
      .returning({ id: notice.id })
  )[0]!.id;

  const southSmsBatchId = (
    await db
      .insert(smsBatch)
      .values({ templateName: '华南矩阵模板', templateCode: 'SMS_1', signName: '华南', params: {}, content: 'matrix', total: 0, deptId: southDeptId })
      .returning({ id: smsBatch.id })
  )[0]!.id;
  const southMailOutboxId = (
    await db
      .insert(outbox)
      .values({ channel: 'mail', idempotencyKey: 'matrix-south-mail', payload: { mailId: 0 }, status: 'failed' })
      .returning({ id: outbox.id })
  )[0]!.id;
  const southMailId = (
    await db
      .insert(mailMessage)
      .values({
        sender: 'south@example.com',
        toAddresses: ['a@example.com'],
        ccAddresses: [],
        recipientText: 'a@example.com',
        subject: '华南矩阵邮件',
        html: '<p>matrix</p>',
        deptId: southDeptId,
        outboxId: southMailOutboxId,
      })
      .returning({ id: mailMessage.id })
  )[0]!.id;
  // A message system of 华南分公司 and its key.
  const southMessageSystemId = (
    await db
      .insert(messageSystem)
      .values({ systemId: 'MATRIXSOUTH', name: '华南矩阵系统', deptId: southDeptId, channels: ['sms'] })
      .returning({ id: messageSystem.id })
  )[0]!.id;
  const southMessageKeyId = (
    await db
      .insert(messageApiKey)
      .values({ apiKeyHash: 'f'.repeat(64), msgSystemId: southMessageSystemId })
      .returning({ id: messageApiKey.id })
  )[0]!.id;
  const southClassificationId = (
    await db.insert(dataClassification).values({ name: '华南矩阵分类', number: 'MATRIX-SOUTH', type: 'matrix', deptId: southDeptId }).returning({ id: dataClassification.id })
  )[0]!.id;

  // Callers in 华东分公司: one whose role holds every key, one whose role holds none.
  holder = await signInBranchAdmin(server, { username: 'matrixholder', keys: [...ALL_PERMISSION_KEYS] });
  const keylessRoleId = (await db.insert(role).values({ roleName: '华东无权限角色', deptId: eastDeptId, roleType: RoleType.OwnSubtree }).returning({ roleId: role.roleId }))[0]!.roleId;
  keyless = await signInWithRole(server, 'matrixkeyless', keylessRoleId);

  // An access token past its lifetime: every other sign-in happens after the clock moves on.
  const expired = await signedIn(holder.username, holder.password);
  const client = (await db.select({ seconds: oauthClient.accessTokenValiditySeconds }).from(oauthClient).where(eq(oauthClient.clientId, DEFAULT_CLIENT_ID)))[0]!;
  server.clock.advance((client.seconds + 60) * 1000);
  admin = { ...admin, token: await signedIn('admin', admin.password) };
  admin.as = { token: admin.token, roleId: admin.roleId };
  keyless = { ...keyless, token: await signedIn(keyless.username, keyless.password) };

  // Revoked tokens: signed out; ended by an administrator; cut off by a password change in another session.
  const signedOut = await signedIn(holder.username, holder.password);
  expect((await server.call(api.auth.logout, {}, { token: signedOut })).code).toBe(ResponseCode.Success);
  const ended = await signedIn(holder.username, holder.password);
  expect((await server.call(api.statistics.endSession, { familyId: await familyOf(ended) }, admin.as)).code).toBe(ResponseCode.Success);
  const cutOff = await signedIn(holder.username, holder.password);
  const changer = await signedIn(holder.username, holder.password);
  const changed = await server.call(api.session.changePassword, { password: await server.seal(holder.password), newPassword: await server.seal(NEW_PASSWORD) }, { token: changer });
  expect(changed.code, changed.msg).toBe(ResponseCode.Success);
  holder = { ...holder, password: NEW_PASSWORD, token: changer, as: { token: changer, roleId: holder.roleId } };

  // Forged: random bytes of a token's shape, a refresh token, the stored hash of a valid token, garbage.
  const holderRefresh = (await server.signIn(holder.username, NEW_PASSWORD)).data!.refreshToken;
  badTokens = [
    { name: 'expired token', token: expired },
    { name: 'revoked token: signed out', token: signedOut },
    { name: 'revoked token: session ended', token: ended },
    { name: 'revoked token: password changed', token: cutOff },
    { name: 'forged token: random', token: Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 97 + 13) % 256)).toString('base64url') },
    { name: 'forged token: a refresh token', token: holderRefresh },
    { name: 'forged token: the stored hash of a valid one', token: hashToken(holder.token) },
    { name: 'forged token: not a token', token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.' },
  ];
  expect(
    await db
      .select({ familyId: refreshToken.familyId })
      .from(refreshToken)
      .where(eq(refreshToken.tokenHash, hashToken(holderRefresh))),
  ).toHaveLength(1);

  const southFamilyId = await familyOf(await signedIn(southUsername, PASSWORD));
  await server.services.audit.flush();
  const headOfficeOperationLogId = (await db.select({ id: operationLog.id }).from(operationLog).where(eq(operationLog.operDeptId, rootDeptId)).limit(1))[0]!.id;
  const headOfficeInterfaceLogId = (await db.select({ id: interfaceLog.id }).from(interfaceLog).where(eq(interfaceLog.deptId, rootDeptId)).limit(1))[0]!.id;
  const consoleSystemId = (await server.services.authz.consoleSystemId())!;
  const consolePageId = (
    await db
      .select({ menuId: menu.menuId })
      .from(menu)
      .where(and(eq(menu.systemMenuId, consoleSystemId), eq(menu.type, MenuType.Menu), eq(menu.perms, 'userView')))
  )[0]!.menuId;
  fixtures = {
    southUserId,
    southUsername,
    southDeptId,
    southSubDeptId: await deptIdOf(server, '华南运营部'),
    eastDeptId,
    eastSubDeptId: await deptIdOf(server, '上海转运中心'),
    southRoleId,
    ownRoleId: holder.roleId,
    foreignRoleId: admin.roleId,
    southFamilyId,
    southFileId,
    headOfficeOperationLogId,
    headOfficeInterfaceLogId,
    consoleSystemId,
    consolePageId,
    southNoticeId,
    southClassificationId,
    southSmsBatchId,
    southMailId,
    southMessageSystemId,
    southMessageKeyId,
  };
});

afterAll(async () => {
  await server?.close();
});

const guarded = listEndpoints().filter(({ def }) => def.access !== 'public');

/** The refusals an endpoint must give, with its baseline (valid) input underneath. */
function casesOf(id: string, def: EndpointDef): MatrixCase[] {
  const role = String(holder.roleId);
  const cases: MatrixCase[] = [
    { name: 'no token', expected: ResponseCode.Unauthorized, roleHeader: role },
    ...badTokens.map(({ name, token }) => ({ name, expected: ResponseCode.Unauthorized, token, roleHeader: role })),
    { name: 'role header not held', expected: ResponseCode.RoleNotHeld, token: holder.token, roleHeader: String(fixtures.foreignRoleId) },
    { name: 'role header not a role', expected: ResponseCode.RoleNotHeld, token: holder.token, roleHeader: 'admin' },
  ];
  if (def.access !== 'session') {
    cases.push({ name: 'no role header', expected: ResponseCode.RoleNotHeld, token: holder.token });
    cases.push({ name: 'role without the key', expected: ResponseCode.Forbidden, token: keyless.token, roleHeader: String(keyless.roleId) });
  }
  // The holder is a role of one organisation: it holds every key, but those of the whole company's records give it nothing (issue 46 L1).
  if (isCompanyWideKey(def.access)) cases.push({ name: 'role of one organisation with a key of the whole company', expected: ResponseCode.Forbidden, token: holder.token, roleHeader: role });
  const handlerKey = HANDLER_KEY_CASES[id];
  if (handlerKey !== undefined) {
    cases.push({ name: 'role without the key (checked by the handler)', expected: ResponseCode.Forbidden, token: keyless.token, roleHeader: String(keyless.roleId), input: handlerKey?.(fixtures) });
  }
  scopeInputs(id, fixtures, sealed).forEach((input, index) =>
    cases.push({ name: `outside the organisation scope #${index + 1}`, expected: ResponseCode.OutOfScope, token: holder.token, roleHeader: role, input }),
  );
  return cases;
}

describe('authorisation matrix', () => {
  it('has a baseline input for every guarded endpoint and a scope case (or a reason) for every id it takes', () => {
    const noBaseline = guarded.filter(({ id, def }) => !baselineInput(id, def, fixtures, sealed)).map(({ id }) => id);
    expect(noBaseline, 'endpoints without a baseline input: add an override in authz-matrix-inputs.ts').toEqual([]);
    const invalidScopeInputs = Object.keys(SCOPE_CASES)
      .filter((id) => {
        const def = guarded.find((entry) => entry.id === id)?.def;
        return !def || !scopeInputs(id, fixtures, sealed).every((input) => def.input.safeParse(input).success);
      })
      .map(([id]) => id);
    expect(invalidScopeInputs, 'scope cases of unknown endpoints or with inputs the contract refuses').toEqual([]);
    const uncovered = guarded
      .filter(({ id, def }) => idFieldsOf(def).length > 0 && !SCOPE_CASES[id] && !UNSCOPED_ENDPOINTS[id] && !UNSCOPED_AREAS[id.split('.')[0]!])
      .map(({ id, def }) => `${id} (${idFieldsOf(def).join(', ')})`);
    expect(uncovered, 'endpoints taking ids with neither a scope case nor a reason for none').toEqual([]);
  });

  it('refuses every caller who must be refused, with the right code, changing nothing', async () => {
    const outcomes: Outcome[] = [];
    const changes: string[] = [];
    const withoutBaseline: string[] = [];
    const logRowsBefore = await operationLogRows();
    // Checked after every mutation and once at the end: a change is named with the endpoints called since the last check.
    let before = await snapshot();
    let sinceCheck: string[] = [];
    const check = async () => {
      const after = await snapshot();
      const changed = changedTables(before, after);
      if (changed.length > 0) changes.push(`${sinceCheck.join(', ')}: ${changed.join(', ')}`);
      before = after;
      sinceCheck = [];
    };
    for (const { id, def } of guarded) {
      const baseline = baselineInput(id, def, fixtures, sealed);
      if (!baseline) {
        withoutBaseline.push(id);
        continue;
      }
      for (const matrixCase of casesOf(id, def)) {
        const code = await send(def, matrixCase.input ?? baseline, matrixCase.token, matrixCase.roleHeader);
        outcomes.push({ endpoint: id, name: matrixCase.name, expected: matrixCase.expected, code });
      }
      sinceCheck.push(id);
      if (def.mutation) await check();
    }
    if (sinceCheck.length > 0) await check();
    const logRowsWritten = (await operationLogRows()) - logRowsBefore;

    const refused = outcomes.filter((o) => o.code !== ResponseCode.Success);
    const wrong = refused.filter((o) => o.code !== o.expected);
    const percent = ((100 * refused.length) / outcomes.length).toFixed(refused.length === outcomes.length ? 0 : 2);
    reportFigure(
      SUITE,
      `refused ${refused.length} / total ${outcomes.length} = ${percent}%, wrong code ${wrong.length}, changed ${changes.length}, operation-log rows ${logRowsWritten}, endpoints without a baseline ${withoutBaseline.length} of ${guarded.length}`,
      'refused = total, wrong code 0, changed 0, operation-log rows 0, endpoints without a baseline 0',
    );
    const line = (o: Outcome) => `${o.endpoint} / ${o.name}: ${o.code}, expected ${o.expected}`;
    const problems = [
      ...outcomes.filter((o) => o.code === ResponseCode.Success).map((o) => `let through: ${line(o)}`),
      ...wrong.map((o) => `wrong code: ${line(o)}`),
      ...changes.map((change) => `changed: ${change}`),
      ...withoutBaseline.map((id) => `no baseline input: ${id}`),
      ...(logRowsWritten > 0 ? [`operation-log rows written: ${logRowsWritten}`] : []),
    ];
    expect(problems).toEqual([]);
    // About 2,400 calls, each followed by a check of the tables: 51 s of the default 60 s on PostgreSQL on a busy machine.
  }, 180_000);
});
