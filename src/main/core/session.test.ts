import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import { ResponseCode } from '../../shared/codes';
import { api } from '../../shared/contract';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../../shared/defaults';
import { ok } from '../../shared/envelope';
import { decryptTransport } from '../../shared/transport-crypto';
import { createApiClient } from './api-client';
import { createBridgeEvents } from './events';
import { createSession, type Session } from './session';
import { startApiPeer, type ApiPeer } from './testing/api-peer';
import { createMemoryVault, type TokenVault } from './token-vault';

const SERVER_KEY = 'https://console.test';

let peer: ApiPeer;
let vault: TokenVault;
let session: Session;
let events: BridgeEvent[];
let warnings: string[];

beforeEach(async () => {
  peer = await startApiPeer(
    [
      { userId: 11, username: 'alice', password: 'Alice_123' },
      { userId: 12, username: 'bob', password: 'Bob_12345', mustChangePassword: true },
      { userId: 13, username: 'carol', password: 'Carol_123', wxWorkUserId: 'W-CAROL' },
    ],
    (app) => {
      app.post(`/api${api.user.add.path}`, async () => ok({ userId: 99 }));
      // A gateway in front of the server refusing the session: an HTTP error, no envelope.
      app.post(`/api${api.user.delete.path}`, async (_request, reply) => reply.code(401).type('text/plain').send('Unauthorized'));
    },
  );
  vault = createMemoryVault();
  events = [];
  warnings = [];
  const bus = createBridgeEvents();
  bus.subscribe((event) => events.push(event));
  let current: Session | null = null;
  const client = createApiClient({
    serverUrl: () => peer.url,
    context: () => ({ language: 'zh_CN', roleId: current?.roleId() ?? null, deviceId: 'device', deviceModel: 'test', appId: DEFAULT_CLIENT_ID }),
  });
  session = createSession({
    client,
    vault,
    credentials: () => ({ clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, transportSecret: DEFAULT_TRANSPORT_SECRET }),
    serverKey: () => SERVER_KEY,
    events: bus,
    warn: (message) => warnings.push(message),
  });
  current = session;
});
afterEach(() => peer.close());

const lastIssued = () => {
  const pair = peer.issued.at(-1);
  if (!pair) throw new Error('the peer issued no token');
  return pair;
};
const received = (path: string) => peer.received.filter((r) => r.path === path);

describe('sign-in', () => {
  it('sends the password encrypted, keeps the access token in memory and the refresh token in the vault', async () => {
    const state = await session.signIn({ username: 'alice', password: 'Alice_123' });
    expect(state).toEqual({ signedIn: true, userId: 11, username: 'alice', roleId: null, systemMenuId: null, pendingWxWorkUserId: null });
    const sent = received('/api/auth/oauth/token')[0]?.body as Record<string, string>;
    expect(sent.password).not.toBe('Alice_123');
    expect(await decryptTransport(sent.password ?? '', DEFAULT_TRANSPORT_SECRET)).toBe('Alice_123');
    expect(sent.validCode).toBeUndefined();
    expect(await vault.get(SERVER_KEY, 'alice')).toBe(lastIssued().refreshToken);
    expect(session.revealsAccessToken(`x ${lastIssued().accessToken} y`)).toBe(true);
    expect(JSON.stringify(state)).not.toContain(lastIssued().accessToken);
  });

  it('passes the server code on (70001), and stays signed out', async () => {
    await expect(session.signIn({ username: 'bob', password: 'Bob_12345' })).rejects.toMatchObject({ code: ResponseCode.MustChangePassword });
    expect(session.state().signedIn).toBe(false);
  });

  it('changes the first password with both passwords encrypted, then signs in', async () => {
    const state = await session.firstChangePassword({ username: 'bob', password: 'Bob_12345', newPassword: 'Bob_New_123' });
    const sent = received('/api/auth/password/first-change')[0]?.body as Record<string, string>;
    expect(sent.clientId).toBe(DEFAULT_CLIENT_ID);
    expect(await decryptTransport(sent.newPassword ?? '', DEFAULT_TRANSPORT_SECRET)).toBe('Bob_New_123');
    // Signed in with the new password by the change itself.
    expect(state).toMatchObject({ signedIn: true, username: 'bob' });
    const grant = received('/api/auth/oauth/token').at(-1)?.body as Record<string, string>;
    expect(await decryptTransport(grant.password ?? '', DEFAULT_TRANSPORT_SECRET)).toBe('Bob_New_123');
  });

  it('names a missing field', async () => {
    await expect(session.signIn({ username: 'alice', password: '' })).rejects.toThrow('password is required');
    await expect(session.signIn({ username: 42, password: 'x' } as never)).rejects.toThrow('username is required');
  });
});

describe('messenger', () => {
  it('keeps an unbound messenger id and makes the next sign-in a binding sign-in', async () => {
    expect(await session.messengerExchange('wx:W-ALICE')).toEqual({ outcome: 'bind-required', wxWorkUserId: 'W-ALICE' });
    expect(session.state().pendingWxWorkUserId).toBe('W-ALICE');
    // Visiting /login keeps the messenger id (spec 000 §2 keeps "the user id").
    expect((await session.clear()).pendingWxWorkUserId).toBe('W-ALICE');

    await session.signIn({ username: 'alice', password: 'Alice_123' });
    const bind = received('/api/auth/oauth/bind-token')[0];
    expect(bind?.contentType).toMatch(/^application\/json/);
    expect(bind?.body).toMatchObject({ bindTicket: expect.stringContaining('W-ALICE'), username: 'alice', grant_type: 'password' });
    expect(bind?.body).not.toHaveProperty('wxWorkUserId');
    expect(received('/api/auth/oauth/token')).toHaveLength(0);
    expect(session.state().pendingWxWorkUserId).toBeNull();

    await session.signOut();
    expect(await session.messengerExchange('wx:W-ALICE')).toEqual({ outcome: 'signed-in' });
    expect(session.state()).toMatchObject({ signedIn: true, username: 'alice', userId: 11 });
  });

  it('signs a bound messenger account in directly', async () => {
    expect(await session.messengerExchange('wx:W-CAROL')).toEqual({ outcome: 'signed-in' });
    expect(await vault.get(SERVER_KEY, 'carol')).toBe(lastIssued().refreshToken);
  });

  it('passes the server msg of a refused code on', async () => {
    await expect(session.messengerExchange('garbage')).rejects.toMatchObject({ code: ResponseCode.ThirdPartyError, message: 'The messenger did not accept the code' });
  });
});

describe('401 handling', () => {
  beforeEach(async () => {
    await session.signIn({ username: 'alice', password: 'Alice_123' });
  });

  it('refreshes once, stores the rotated refresh token and retries the call', async () => {
    const first = lastIssued();
    peer.expireAccessTokens();
    const systems = await session.call(api.session.roleSystems, {});
    expect(systems[0]?.appName).toBe('Back office');
    expect(peer.refreshAttempts()).toBe(1);
    const rotated = lastIssued();
    expect(rotated.grant).toBe('refresh_token');
    expect(await vault.get(SERVER_KEY, 'alice')).toBe(rotated.refreshToken);
    expect(rotated.refreshToken).not.toBe(first.refreshToken);
    const calls = received('/api/sys/role/systems');
    expect(calls.map((c) => c.headers.authorization)).toEqual([`Bearer ${first.accessToken}`, `Bearer ${rotated.accessToken}`]);
    expect(events).toEqual([]);
  });

  it('shares one refresh among concurrent calls', async () => {
    peer.expireAccessTokens();
    peer.setRefreshDelay(150);
    const results = await Promise.all([1, 2, 3, 4, 5].map((menuId) => session.call(api.session.nav, { roleId: 7, menuId })));
    expect(results.map((r) => r[0]?.menuId)).toEqual([1, 2, 3, 4, 5]);
    expect(peer.refreshAttempts()).toBe(1);
    expect(events).toEqual([]);
  });

  it('expires the session once when the refresh is refused, keeping the user id', async () => {
    peer.expireAccessTokens();
    peer.rejectRefresh(true);
    const outcomes = await Promise.allSettled([session.call(api.session.roleSystems, {}), session.call(api.session.nav, { roleId: 7, menuId: 1 }), session.call(api.session.currentUser, {})]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as { code: string }).code : 'fulfilled'))).toEqual(['401', '401', '401']);
    expect(peer.refreshAttempts()).toBe(1);
    expect(events).toEqual([{ type: 'session-expired' }]);
    expect(session.state()).toMatchObject({ signedIn: false, userId: 11, username: null });
    expect(await vault.get(SERVER_KEY, 'alice')).toBeNull();
    await expect(session.call(api.session.roleSystems, {})).rejects.toMatchObject({ code: ResponseCode.Unauthorized, message: 'Not signed in' });
  });

  it('says when an HTTP error, not an envelope code, ended the session', async () => {
    await expect(session.call(api.user.delete, { userIds: '5' })).rejects.toMatchObject({ code: ResponseCode.Unauthorized, httpStatus: 401 });
    expect(events).toEqual([{ type: 'session-expired', httpError: true }]);
    expect(session.state().signedIn).toBe(false);
  });

  it('reports a disabled user and drops the session', async () => {
    const alice = peer.users.get('alice');
    if (alice) alice.disabled = true;
    await expect(session.call(api.session.roleSystems, {})).rejects.toMatchObject({ code: ResponseCode.UserDisabled, message: 'User is disabled' });
    expect(events).toEqual([{ type: 'user-disabled' }]);
    expect(session.state().signedIn).toBe(false);
  });

  it('reports a user disabled while the token was expired', async () => {
    peer.expireAccessTokens();
    const alice = peer.users.get('alice');
    if (alice) alice.disabled = true;
    await expect(session.call(api.session.roleSystems, {})).rejects.toMatchObject({ code: ResponseCode.UserDisabled });
    expect(events).toEqual([{ type: 'user-disabled' }]);
  });
});

describe('system choice and renewal', () => {
  beforeEach(async () => {
    await session.signIn({ username: 'alice', password: 'Alice_123' });
  });

  it('sends the chosen role with every call', async () => {
    session.choose({ roleId: 7, systemMenuId: 1 });
    await session.call(api.session.roleSystems, {});
    expect(received('/api/sys/role/systems')[0]?.headers['x-role-id']).toBe('7');
  });

  it('exchanges the refresh token once per chosen system', async () => {
    await expect(session.renewForSingleSystem()).rejects.toThrow('Choose a system before renewing its token');
    session.choose({ roleId: 7, systemMenuId: 1 });
    await session.renewForSingleSystem();
    await session.renewForSingleSystem();
    session.choose({ roleId: 8, systemMenuId: 1 });
    await session.renewForSingleSystem();
    expect(received('/api/auth/oauth/new-token')).toHaveLength(1);
    expect(lastIssued().grant).toBe('new-token');
    expect(await vault.get(SERVER_KEY, 'alice')).toBe(lastIssued().refreshToken);

    session.choose({ roleId: 7, systemMenuId: 2 });
    await session.renewForSingleSystem();
    expect(received('/api/auth/oauth/new-token')).toHaveLength(2);
    // The renewed access token is the one calls use now.
    await session.call(api.session.roleSystems, {});
    expect(received('/api/sys/role/systems')[0]?.headers.authorization).toBe(`Bearer ${lastIssued().accessToken}`);
  });

  it('does not reuse a rotated refresh token when a renewal and a refresh overlap', async () => {
    session.choose({ roleId: 7, systemMenuId: 1 });
    peer.expireAccessTokens();
    peer.setRefreshDelay(100);
    await Promise.all([session.renewForSingleSystem(), session.call(api.session.roleSystems, {})]);
    // A reused refresh token would have revoked the family and expired the session.
    expect(events).toEqual([]);
    expect(session.state().signedIn).toBe(true);
  });

  it('refuses an invalid choice, naming the field', () => {
    expect(() => session.choose({ roleId: 0, systemMenuId: 1 })).toThrow('roleId must be a positive whole number');
    expect(() => session.choose({ roleId: 1, systemMenuId: 1.5 })).toThrow('systemMenuId must be a positive whole number');
  });
});

describe('password and sign-out', () => {
  it('changes the own password encrypted', async () => {
    await session.signIn({ username: 'alice', password: 'Alice_123' });
    await session.changePassword({ password: 'Alice_123', newPassword: 'Alice_New_1' });
    const sent = received('/api/sys/user/password')[0]?.body as Record<string, string>;
    expect(await decryptTransport(sent.newPassword ?? '', DEFAULT_TRANSPORT_SECRET)).toBe('Alice_New_1');
    expect(peer.users.get('alice')?.password).toBe('Alice_New_1');
    await expect(session.changePassword({ password: 'wrong', newPassword: 'Alice_New_2' })).rejects.toMatchObject({ code: ResponseCode.WrongOldPassword });
  });

  it("seals the contract's sealed fields (a new user's password) and leaves the others as given", async () => {
    await session.signIn({ username: 'alice', password: 'Alice_123' });
    const form = { username: 'dora', name: 'Dora', password: 'Dora_1234', deptId: 1, email: '', phone: '', status: 1, roleList: [], userDataAuthorityList: [] };
    await session.call(api.user.add, form as never);
    const sent = received(`/api${api.user.add.path}`)[0]?.body as Record<string, unknown>;
    expect(sent.password).not.toBe('Dora_1234');
    expect(await decryptTransport(String(sent.password), DEFAULT_TRANSPORT_SECRET)).toBe('Dora_1234');
    expect(sent.username).toBe('dora');
  });

  it('signs out on the server, removes the refresh token and keeps only the user id', async () => {
    await session.signIn({ username: 'alice', password: 'Alice_123' });
    const { accessToken } = lastIssued();
    await session.signOut();
    expect(received('/api/auth/logout')[0]?.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(await vault.get(SERVER_KEY, 'alice')).toBeNull();
    expect(session.state()).toEqual({ signedIn: false, userId: 11, username: null, roleId: null, systemMenuId: null, pendingWxWorkUserId: null });
    expect(session.revealsAccessToken(accessToken)).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('signs out locally even when the server cannot be told, and says so', async () => {
    await session.signIn({ username: 'alice', password: 'Alice_123' });
    await peer.close();
    await session.signOut();
    expect(session.state().signedIn).toBe(false);
    expect(await vault.get(SERVER_KEY, 'alice')).toBeNull();
    expect(warnings).toEqual([expect.stringContaining('sign-out was not confirmed by the server')]);
  });
});
