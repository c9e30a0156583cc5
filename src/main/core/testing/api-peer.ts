import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ResponseCode, USER_DISABLED_MSG } from '../../../shared/codes';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../../../shared/defaults';
import { fail, ok } from '../../../shared/envelope';
import { decryptTransport } from '../../../shared/transport-crypto';

/**
 * A small API server for the client-side tests: it speaks the sign-in and session part of the contract over
 * real HTTP on 127.0.0.1 (form and JSON bodies, the envelope, token rotation) and records what it received.
 * The product's own server is tested in src/server; this peer lets the tests expire tokens, disable users and
 * slow down refreshes at will.
 */

export interface PeerUser {
  userId: number;
  username: string;
  password: string;
  mustChangePassword?: boolean;
  disabled?: boolean;
  /** A messenger account already bound to this user. */
  wxWorkUserId?: string;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  contentType: string | undefined;
  body: unknown;
  query: Record<string, unknown>;
}

interface TokenFamily {
  username: string;
  revoked: boolean;
}

export interface ApiPeer {
  url: string;
  users: Map<string, PeerUser>;
  received: ReceivedRequest[];
  /** Every token exchange (password, bind, refresh, new-token) the peer answered with a pair. */
  issued: Array<{ grant: string; accessToken: string; refreshToken: string }>;
  /** Refresh-token exchanges seen (successful or not). */
  refreshAttempts(): number;
  /** Makes every access token issued so far answer 401, as after expiry. */
  expireAccessTokens(): void;
  /** Makes the refresh grant wait this long before answering (single-flight tests). */
  setRefreshDelay(ms: number): void;
  /** Makes every refresh-token exchange fail, as when the refresh token has expired. */
  rejectRefresh(reject: boolean): void;
  close(): Promise<void>;
}

/** `GET /sys/role/info/999` answers with the caller's access token as the role name. */
export const LEAKING_ROLE_ID = 999;

const token = (prefix: string) => `${prefix}-${randomBytes(18).toString('base64url')}`;

/** `extraRoutes` adds a test's own routes (malformed answers, HTTP errors) before the peer listens. */
export async function startApiPeer(users: PeerUser[], extraRoutes?: (app: FastifyInstance) => void): Promise<ApiPeer> {
  // Close every connection on close(): on Node 24 a connection the client keeps alive held close() open.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(formbody);
  const userMap = new Map(users.map((u) => [u.username, u]));
  const received: ReceivedRequest[] = [];
  const issued: ApiPeer['issued'] = [];
  const access = new Map<string, { username: string; valid: boolean }>();
  const refresh = new Map<string, { family: TokenFamily; used: boolean }>();
  let refreshAttempts = 0;
  let refreshDelayMs = 0;
  let refreshRejected = false;

  app.addHook('preHandler', async (request) => {
    received.push({
      method: request.method,
      path: request.url.split('?')[0] ?? '',
      headers: { ...request.headers },
      contentType: request.headers['content-type'],
      body: request.body,
      query: { ...(request.query as Record<string, unknown>) },
    });
  });

  const issue = (grant: string, username: string, family: TokenFamily = { username, revoked: false }) => {
    const pair = { accessToken: token('at'), refreshToken: token('rt'), tokenType: 'bearer' as const, expiresIn: 1800 };
    access.set(pair.accessToken, { username, valid: true });
    refresh.set(pair.refreshToken, { family, used: false });
    issued.push({ grant, accessToken: pair.accessToken, refreshToken: pair.refreshToken });
    return pair;
  };

  const signedInUser = (request: FastifyRequest): PeerUser | 'expired' | 'disabled' => {
    const header = request.headers.authorization;
    const entry = header?.startsWith('Bearer ') ? access.get(header.slice(7)) : undefined;
    if (!entry || !entry.valid) return 'expired';
    const user = userMap.get(entry.username);
    if (!user) return 'expired';
    return user.disabled ? 'disabled' : user;
  };

  const passwordSignIn = async (body: Record<string, string>) => {
    if (body.client_id !== DEFAULT_CLIENT_ID || body.client_secret !== DEFAULT_CLIENT_SECRET) return fail(ResponseCode.InvalidClient, 'Unknown client');
    const user = userMap.get(body.username ?? '');
    const password = await decryptTransport(body.password ?? '', DEFAULT_TRANSPORT_SECRET);
    if (!user || password !== user.password) return fail(ResponseCode.BadCredentials, 'Wrong username or password');
    if (user.disabled) return fail(ResponseCode.UserDisabled, USER_DISABLED_MSG);
    if (user.mustChangePassword) return fail(ResponseCode.MustChangePassword, 'The password must be changed');
    return user;
  };

  const exchangeRefresh = async (presented: string | undefined, grant: string) => {
    refreshAttempts++;
    if (refreshDelayMs > 0) await new Promise((r) => setTimeout(r, refreshDelayMs));
    const entry = presented ? refresh.get(presented) : undefined;
    if (refreshRejected || !entry || entry.family.revoked) return fail(ResponseCode.InvalidGrant, 'The refresh token is not valid');
    if (entry.used) {
      entry.family.revoked = true;
      return fail(ResponseCode.InvalidGrant, 'The refresh token was used before');
    }
    entry.used = true;
    const user = userMap.get(entry.family.username);
    if (user?.disabled) return fail(ResponseCode.UserDisabled, USER_DISABLED_MSG);
    return ok(issue(grant, entry.family.username, entry.family));
  };

  app.post('/api/auth/oauth/token', async (request) => {
    const body = request.body as Record<string, string>;
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return fail(ResponseCode.InvalidInput, 'form body expected');
    if (body.grant_type === 'refresh_token') {
      if (body.client_id !== DEFAULT_CLIENT_ID || body.client_secret !== DEFAULT_CLIENT_SECRET) return fail(ResponseCode.InvalidClient, 'Unknown client');
      return exchangeRefresh(body.refresh_token, 'refresh_token');
    }
    const user = await passwordSignIn(body);
    return 'userId' in user ? ok(issue('password', user.username)) : user;
  });

  /** Binding tickets the code exchange issued, each naming the messenger id it binds. */
  const bindTickets = new Map<string, string>();

  app.post('/api/auth/oauth/bind-token', async (request) => {
    const body = request.body as Record<string, string>;
    if (!request.headers['content-type']?.startsWith('application/json')) return fail(ResponseCode.InvalidInput, 'JSON body expected');
    const wxId = bindTickets.get(body.bindTicket ?? '');
    if (!wxId) return fail(ResponseCode.InvalidInput, 'bindTicket: the binding has expired');
    const user = await passwordSignIn(body);
    if (!('userId' in user)) return user;
    bindTickets.delete(body.bindTicket!);
    user.wxWorkUserId = wxId;
    return ok(issue('bind', user.username));
  });

  app.post('/api/auth/oauth/new-token', async (request) => {
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return fail(ResponseCode.InvalidInput, 'form body expected');
    return exchangeRefresh((request.body as Record<string, string>).refreshToken, 'new-token');
  });

  app.post('/api/auth/wxwork/user-info', async (request) => {
    const body = request.body as Record<string, string>;
    if (body.clientId !== DEFAULT_CLIENT_ID || body.clientSecret !== DEFAULT_CLIENT_SECRET) return fail(ResponseCode.InvalidClient, 'Unknown client');
    const [kind, wxId] = (body.code ?? '').split(':');
    if (kind !== 'wx' || !wxId) return fail(ResponseCode.ThirdPartyError, 'The messenger did not accept the code');
    const bound = [...userMap.values()].find((u) => u.wxWorkUserId === wxId);
    if (bound) return ok({ wxWorkUserId: null, bindTicket: null, token: issue('messenger', bound.username) });
    const ticket = `ticket-${wxId}-${bindTickets.size + 1}`;
    bindTickets.set(ticket, wxId);
    return ok({ wxWorkUserId: wxId, bindTicket: ticket, token: null });
  });

  app.get('/api/auth/wxwork/config', async () => ok({ enabled: true, qrUrl: 'https://messenger.example/qr', corpId: 'corp', agentId: '1000' }));
  app.post('/api/auth/captcha/need', async () => ok({ needShow: false }));
  app.get('/api/auth/captcha', async () => ok({ imageCode: 'data:image/svg+xml;base64,PHN2Zy8+', uuid: '0b7c2f5e-3a57-4a43-9d55-1d6e4b7f2c11' }));

  app.post('/api/auth/password/first-change', async (request) => {
    const body = request.body as Record<string, string>;
    const user = userMap.get(body.username ?? '');
    const current = await decryptTransport(body.password ?? '', DEFAULT_TRANSPORT_SECRET);
    const next = await decryptTransport(body.newPassword ?? '', DEFAULT_TRANSPORT_SECRET);
    if (!user || current !== user.password) return fail(ResponseCode.BadCredentials, 'Wrong username or password');
    if (!next) return fail(ResponseCode.InvalidInput, 'newPassword: not readable');
    user.password = next;
    user.mustChangePassword = false;
    return ok(null);
  });

  app.post('/api/auth/logout', async (request) => {
    const header = request.headers.authorization;
    const entry = header?.startsWith('Bearer ') ? access.get(header.slice(7)) : undefined;
    if (!entry || !entry.valid) return fail(ResponseCode.Unauthorized, 'Not signed in');
    entry.valid = false;
    return ok(null);
  });

  /** Session routes: 401 in the body (HTTP 200) for a missing or expired token, as the spec's server does. */
  const withUser =
    <T>(run: (user: PeerUser, request: FastifyRequest) => T | Promise<T>) =>
    async (request: FastifyRequest) => {
      const user = signedInUser(request);
      if (user === 'expired') return fail(ResponseCode.Unauthorized, 'Login timed out');
      if (user === 'disabled') return fail(ResponseCode.UserDisabled, USER_DISABLED_MSG);
      return run(user, request);
    };

  app.get(
    '/api/sys/user/current',
    withUser((user) => ok({ userId: user.userId, username: user.username, name: user.username.toUpperCase(), mobile: '', email: '', deptId: 1, deptName: 'Head office', passwordExpiresAt: null })),
  );
  app.post(
    '/api/sys/user/password',
    withUser(async (user, request) => {
      const body = request.body as Record<string, string>;
      if ((await decryptTransport(body.password ?? '', DEFAULT_TRANSPORT_SECRET)) !== user.password) return fail(ResponseCode.WrongOldPassword, 'The old password is wrong');
      user.password = (await decryptTransport(body.newPassword ?? '', DEFAULT_TRANSPORT_SECRET)) ?? user.password;
      return ok(null);
    }),
  );
  app.post(
    '/api/sys/role/systems',
    withUser(() => ok([{ appName: 'Back office', menuId: 1, systemId: 'backoffice', appFlag: 'single', sysVersion: '1.0.1', roleList: [{ roleId: 7, roleName: 'Admin', deptName: 'Head office' }] }])),
  );
  app.post(
    '/api/sys/menu/nav',
    withUser((_user, request) => {
      const body = request.body as { roleId?: unknown; menuId?: unknown };
      return ok([{ menuId: Number(body.menuId), parentId: 0, name: `menu of role ${String(body.roleId)}`, url: '/menu', type: 1, orderNum: 0, icon: '', linkTarget: 0, perms: '', children: [] }]);
    }),
  );
  app.get<{ Params: { menuId: string; roleId: string } }>(
    '/api/sys/menu/buttons/:menuId/:roleId',
    withUser((_user, request) => ok([`buttons:${(request.params as { menuId: string }).menuId}:${(request.params as { roleId: string }).roleId}`])),
  );
  app.get<{ Params: { roleId: string } }>(
    '/api/sys/role/info/:roleId',
    withUser((_user, request) => {
      const roleId = Number((request.params as { roleId: string }).roleId);
      // Role 999 plays a faulty server that echoes the caller's token in a field.
      const roleName = roleId === LEAKING_ROLE_ID ? (request.headers.authorization ?? '').slice(7) : 'Admin';
      return ok({ roleId, roleName, deptId: 1, deptName: 'Head office', roleType: 0 });
    }),
  );

  extraRoutes?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    users: userMap,
    received,
    issued,
    refreshAttempts: () => refreshAttempts,
    expireAccessTokens: () => {
      for (const entry of access.values()) entry.valid = false;
    },
    setRefreshDelay: (ms) => {
      refreshDelayMs = ms;
    },
    rejectRefresh: (reject) => {
      refreshRejected = reject;
    },
    close: () => app.close(),
  };
}
