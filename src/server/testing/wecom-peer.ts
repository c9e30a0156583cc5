import Fastify from 'fastify';

/**
 * A loopback peer that speaks the WeCom API the server uses: `GET /cgi-bin/gettoken?corpid&corpsecret`
 * and `GET /cgi-bin/auth/getuserinfo?access_token&code`, with WeCom's errcode conventions.
 */
export interface WeComPeer {
  baseUrl: string;
  corpId: string;
  corpSecret: string;
  /** Codes the peer accepts, each for one sign-in (WeCom codes are single-use). */
  issueCode(userId: string): string;
  tokenRequests: number;
  close(): Promise<void>;
}

export async function startWeComPeer(): Promise<WeComPeer> {
  const corpId = 'ww-test-corp';
  const corpSecret = 'test-corp-secret';
  const tokens = new Set<string>();
  const codes = new Map<string, string>();
  let counter = 0;
  // Close every connection on close(): on Node 24 a connection the client keeps alive held close() open.
  const app = Fastify({ forceCloseConnections: true });
  const peer = { tokenRequests: 0 } as WeComPeer;

  app.get('/cgi-bin/gettoken', async (request) => {
    const q = request.query as Record<string, string>;
    peer.tokenRequests++;
    if (q.corpid !== corpId) return { errcode: 40013, errmsg: 'invalid corpid' };
    if (q.corpsecret !== corpSecret) return { errcode: 40001, errmsg: 'invalid credential' };
    const token = `tok-${++counter}`;
    tokens.add(token);
    return { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 };
  });

  app.get('/cgi-bin/auth/getuserinfo', async (request) => {
    const q = request.query as Record<string, string>;
    if (!tokens.has(q.access_token ?? '')) return { errcode: 40014, errmsg: 'invalid access_token' };
    const userId = codes.get(q.code ?? '');
    if (!userId) return { errcode: 40029, errmsg: 'invalid code' };
    codes.delete(q.code!);
    return { errcode: 0, errmsg: 'ok', userid: userId, user_ticket: 'ticket' };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(peer, {
    baseUrl: `http://127.0.0.1:${port}`,
    corpId,
    corpSecret,
    issueCode(userId: string) {
      const code = `code-${++counter}`;
      codes.set(code, userId);
      return code;
    },
    close: () => app.close(),
  });
}
