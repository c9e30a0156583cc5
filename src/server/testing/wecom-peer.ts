import Fastify from 'fastify';

/**
 * A loopback peer that speaks the WeCom API the server uses: `GET /cgi-bin/gettoken?corpid&corpsecret`
 * and `GET /cgi-bin/auth/getuserinfo?access_token&code`, with WeCom's errcode conventions. It also serves a
 * QR sign-in page like WeCom's (`/wwopen/sso/qrConnect?appid&agentid&redirect_uri&state`): once a phone has
 * "scanned" (`scan`), the page sends the window it is framed in to `redirect_uri?code=…&state=…`.
 */
export interface WeComPeer {
  baseUrl: string;
  corpId: string;
  corpSecret: string;
  /** Codes the peer accepts, each for one sign-in (WeCom codes are single-use). */
  issueCode(userId: string): string;
  /** The QR page's address for a console returning to `redirectUri`. */
  qrUrl(redirectUri: string): string;
  /** A member scans the QR code shown: the open QR page returns to the console with a fresh code for them. */
  scan(userId: string): void;
  tokenRequests: number;
  close(): Promise<void>;
}

export async function startWeComPeer(): Promise<WeComPeer> {
  const corpId = 'ww-test-corp';
  const corpSecret = 'test-corp-secret';
  const tokens = new Set<string>();
  const codes = new Map<string, string>();
  let counter = 0;
  let scannedCode: string | null = null;
  const issueCode = (userId: string) => {
    const code = `code-${++counter}`;
    codes.set(code, userId);
    return code;
  };
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

  app.get('/wwopen/sso/qrConnect', async (request, reply) => {
    const q = request.query as Record<string, string>;
    if (q.appid !== corpId || !q.redirect_uri) return reply.code(400).type('text/html; charset=utf-8').send('<p>invalid appid or redirect_uri</p>');
    return reply.type('text/html; charset=utf-8').send(qrPage(q.redirect_uri, q.state ?? ''));
  });

  app.get('/wwopen/sso/scanned', async () => {
    const code = scannedCode;
    scannedCode = null;
    return { code };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(peer, {
    baseUrl: `http://127.0.0.1:${port}`,
    corpId,
    corpSecret,
    issueCode,
    qrUrl: (redirectUri: string) => `http://127.0.0.1:${port}/wwopen/sso/qrConnect?${new URLSearchParams({ appid: corpId, agentid: '1000002', redirect_uri: redirectUri, state: 'console' })}`,
    scan(userId: string) {
      scannedCode = issueCode(userId);
    },
    close: () => app.close(),
  });
}

/** The QR page: polls for a scan, then sends the top window back to the console with the code. */
function qrPage(redirectUri: string, state: string): string {
  const script = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `<!doctype html><html><body><p>QR code of the loopback messenger</p><script>
const poll = async () => {
  const { code } = await (await fetch('/wwopen/sso/scanned')).json();
  if (!code) return setTimeout(poll, 200);
  const back = new URL(${script(redirectUri)});
  back.searchParams.set('code', code);
  back.searchParams.set('state', ${script(state)});
  window.top.location.href = back.href;
};
poll();
</script></body></html>`;
}
