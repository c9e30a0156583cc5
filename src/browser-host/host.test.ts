import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_HOST_PAGE_SECRET_HEADER, BROWSER_HOST_PAGE_SECRET_META, browserHostCookieName } from '../shared/bridge';
import { ResponseCode } from '../shared/codes';
import { createConsoleCore, type ConsoleCore } from '../main/core/console-core';
import { readManagedPreset } from '../main/core/settings';
import { startApiPeer, type ApiPeer } from '../main/core/testing/api-peer';
import { createMemoryVault } from '../main/core/token-vault';
import { browserHelpResolver, startBrowserHost, type BrowserHost } from './host';
import { BROWSER_HOST_CSP } from './security';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Raw HTTP, so the tests can send any Host, Origin or Cookie header a browser or an attacker would. */
function send(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: { host: `127.0.0.1:${port}`, ...options.headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

let dir: string;
let peer: ApiPeer;
let core: ConsoleCore;
let host: BrowserHost;
/** The first visit with the printed key, made by beforeEach. */
let opening: Answer;
let cookie: string;
let pageSecret: string;

/** What the console page sends with every call: the cookie, its own Origin and the secret the host wrote into it. */
const pageHeaders = (): Record<string, string> => ({ cookie, origin: `http://127.0.0.1:${host.port}`, [BROWSER_HOST_PAGE_SECRET_HEADER]: pageSecret });

const bridgeCall = (method: string, args: unknown[], headers: Record<string, string> = {}) =>
  send(host.port, {
    method: 'POST',
    path: `/__bridge/${method}`,
    headers: { 'content-type': 'application/json', ...pageHeaders(), ...headers },
    body: JSON.stringify({ args }),
  });

const withoutHeader = (name: string): Record<string, string> => Object.fromEntries(Object.entries(pageHeaders()).filter(([header]) => header !== name));

beforeEach(async () => {
  dir = mkdtempSync(join(os.tmpdir(), 'console-browser-host-'));
  const rendererDir = join(dir, 'renderer');
  const helpDir = join(dir, 'help');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  mkdirSync(helpDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Console</title><script type="module" src="/assets/app.js"></script>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(join(helpDir, 'console-help.en_US.pdf'), '%PDF-1.4 test');
  writeFileSync(join(dir, 'secret.txt'), 'not for the browser');

  peer = await startApiPeer([{ userId: 41, username: 'frank', password: 'Frank_123' }]);
  core = createConsoleCore({
    store: new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings' }),
    preset: readManagedPreset({ CONSOLE_SERVER_URL: peer.url, CONSOLE_MANAGED_CONFIG: join(dir, 'none.json') }, 'linux'),
    vault: createMemoryVault(),
    platform: { kind: 'browser', appVersion: '1.0.1', os: 'test' },
    embedded: null,
    helpPdfUrl: browserHelpResolver(helpDir),
  });
  host = await startBrowserHost({ bridge: core.bridge, rendererDir, helpDir });
  opening = await send(host.port, { path: `/Home?code=abc&key=${encodeURIComponent(host.key)}` });
  cookie = (opening.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  const page = await send(host.port, { path: '/', headers: { cookie } });
  pageSecret = new RegExp(`<meta name="${BROWSER_HOST_PAGE_SECRET_META}" content="([^"]+)">`).exec(page.body)?.[1] ?? '';
});
afterEach(async () => {
  await host.close();
  await peer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serving the built renderer', () => {
  /** The raw bytes of an answer: a compressed body is not text. */
  const fetchBytes = (path: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: host.port, path, headers: { host: `127.0.0.1:${host.port}`, ...headers } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('sends hashed assets compressed as the browser accepts, to be kept for good', async () => {
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `row ${n}`))};\n`;
    writeFileSync(join(dir, 'renderer', 'assets', 'rows-3f9a1c.js'), script);

    const brotli = await fetchBytes('/assets/rows-3f9a1c.js', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.body).toString('utf8')).toBe(script);
    expect(brotli.body.byteLength).toBeLessThan(script.length / 2);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await fetchBytes('/assets/rows-3f9a1c.js', { cookie, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString('utf8')).toBe(script);

    const plain = await fetchBytes('/assets/rows-3f9a1c.js', { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
  });
});

describe('opening the console', () => {
  it('prints an address on 127.0.0.1 with the key', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?key=${host.key}`);
    expect(host.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('trades the key for an HttpOnly, SameSite=Strict cookie named after the port, and drops the key from the address', () => {
    expect(opening.status).toBe(303);
    expect(opening.headers.location).toBe('/Home?code=abc');
    const setCookie = opening.headers['set-cookie']?.[0] ?? '';
    expect(browserHostCookieName(host.port)).toBe(`console_bridge_${host.port}`);
    expect(setCookie).toMatch(new RegExp(`^console_bridge_${host.port}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Strict$`));
    expect(setCookie).not.toContain(host.key);
    expect(pageSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookie).not.toContain(pageSecret);
  });

  it('takes the key once: a second visit with it is refused, unless the browser already holds the cookie', async () => {
    const again = await send(host.port, { path: `/?key=${host.key}` });
    expect(again.status).toBe(403);
    expect(JSON.parse(again.body)).toMatchObject({ ok: false, code: ResponseCode.Forbidden, msg: expect.stringContaining('has been used') });
    expect(again.headers['set-cookie']).toBeUndefined();

    const opener = await send(host.port, { path: `/Home?key=${host.key}`, headers: { cookie } });
    expect(opener.status).toBe(303);
    expect(opener.headers.location).toBe('/Home');
    expect(opener.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong key', async () => {
    const wrong = await send(host.port, { path: '/?key=guess' });
    expect(wrong.status).toBe(403);
    expect(JSON.parse(wrong.body)).toEqual({ ok: false, code: ResponseCode.Forbidden, msg: "The key in the address is not this console run's key: open the address the console printed", data: null });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('serves the app with the CSP to a browser with the cookie, and explains itself to one without', async () => {
    const app = await send(host.port, { path: '/Home', headers: { cookie } });
    expect(app.status).toBe(200);
    expect(app.body).toContain('<title>Console</title>');
    expect(app.body).toContain(`<meta name="${BROWSER_HOST_PAGE_SECRET_META}" content="${pageSecret}">`);
    expect(app.headers['cache-control']).toBe('no-store');
    expect(app.headers['content-security-policy']).toBe(BROWSER_HOST_CSP);
    expect(app.headers['x-content-type-options']).toBe('nosniff');

    const stranger = await send(host.port, { path: '/' });
    expect(stranger.status).toBe(401);
    expect(stranger.body).toContain('one-time key');
    expect((await send(host.port, { path: '/index.html' })).status).not.toBe(200);

    const asset = await send(host.port, { path: '/assets/app.js' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-security-policy']).toBe(BROWSER_HOST_CSP);
    expect((await send(host.port, { path: '/assets/missing.js', headers: { cookie } })).status).toBe(404);
  });
});

describe('bridge guards', () => {
  it('answers a proper call with the BridgeResult', async () => {
    const answer = await bridgeCall('settings.get', []);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, data: { serverUrl: peer.url, serverUrlManaged: true } });
    const signIn = await bridgeCall('auth.signIn', [{ username: 'frank', password: 'Frank_123' }]);
    expect(JSON.parse(signIn.body)).toEqual({ ok: true, data: { signedIn: true, userId: 41, username: 'frank', roleId: null, systemMenuId: null, pendingWxWorkUserId: null } });
    const refused = await bridgeCall('api.call', ['auth.newToken', { refreshToken: 'x' }]);
    expect(JSON.parse(refused.body)).toMatchObject({ ok: false, code: ResponseCode.Forbidden });
  });

  it("refuses a call without the cookie or with another run's cookie", async () => {
    const cookieValue = cookie.split('=')[1];
    const name = browserHostCookieName(host.port);
    for (const badCookie of ['', `${name}=forged`, `${name}=${host.key}`, `console_bridge=${cookieValue}`, `${browserHostCookieName(host.port + 1)}=${cookieValue}`]) {
      const answer = await bridgeCall('settings.get', [], { cookie: badCookie });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: false, code: ResponseCode.Unauthorized, data: null });
    }
  });

  it('refuses a call with the cookie alone: the page secret must come in its header', async () => {
    const cookieValue = cookie.split('=')[1] ?? '';
    for (const value of [undefined, '1', 'true', cookieValue, host.key, `${pageSecret}x`]) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...withoutHeader(BROWSER_HOST_PAGE_SECRET_HEADER) };
      if (value !== undefined) headers[BROWSER_HOST_PAGE_SECRET_HEADER] = value;
      const answer = await send(host.port, { method: 'POST', path: '/__bridge/settings.get', headers, body: '{"args":[]}' });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ ok: false, code: ResponseCode.Forbidden, msg: "The call does not carry the secret of this console run's pages: reload the console page", data: null });
    }
  });

  it('refuses a foreign Host header (DNS rebinding) and a missing or foreign Origin', async () => {
    for (const badHost of [`evil.example:${host.port}`, '127.0.0.1', `127.0.0.1:${host.port + 1}`, `localhost.evil.example:${host.port}`]) {
      const answer = await bridgeCall('settings.get', [], { host: badHost });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body).msg).toContain('is not this console');
    }
    expect((await bridgeCall('settings.get', [], { host: `localhost:${host.port}`, origin: `http://localhost:${host.port}` })).status).toBe(200);
    const page = await send(host.port, { path: `/?key=${host.key}`, headers: { host: `evil.example:${host.port}` } });
    expect(page.status).toBe(403);
    expect(page.headers['set-cookie']).toBeUndefined();

    const foreign = await bridgeCall('settings.get', [], { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    const otherPort = await bridgeCall('settings.get', [], { origin: `http://127.0.0.1:${host.port + 1}` });
    expect(otherPort.status).toBe(403);
    const noOrigin = await send(host.port, { method: 'POST', path: '/__bridge/settings.get', headers: { 'content-type': 'application/json', ...withoutHeader('origin') }, body: '{"args":[]}' });
    expect(noOrigin.status).toBe(403);
    expect(JSON.parse(noOrigin.body)).toEqual({ ok: false, code: ResponseCode.Forbidden, msg: 'Bridge calls come from the console page, which names its Origin', data: null });
    expect((await bridgeCall('settings.get', [], { origin: `http://127.0.0.1:${host.port}` })).status).toBe(200);
  });

  it('names unknown methods and bad bodies', async () => {
    const unknown = await bridgeCall('events.subscribe', []);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ ok: false, code: ResponseCode.NotFound, msg: 'Unknown bridge method "events.subscribe"', data: null });

    const headers = pageHeaders();
    const noArgs = await send(host.port, { method: 'POST', path: '/__bridge/settings.get', headers: { ...headers, 'content-type': 'application/json' }, body: '{"argv":[]}' });
    expect(noArgs.status).toBe(400);
    expect(JSON.parse(noArgs.body).msg).toBe('The body must be a JSON object {"args": [...]}');
    const broken = await send(host.port, { method: 'POST', path: '/__bridge/settings.get', headers: { ...headers, 'content-type': 'application/json' }, body: '{"args":' });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body).code).toBe(ResponseCode.InvalidInput);
    const text = await send(host.port, { method: 'POST', path: '/__bridge/settings.get', headers: { ...headers, 'content-type': 'text/plain' }, body: '{"args":[]}' });
    expect(text.status).toBe(415);
    expect(JSON.parse(text.body).code).toBe(ResponseCode.InvalidInput);
  });
});

describe('events and help', () => {
  it('streams bridge events to a page with the cookie and the page secret', async () => {
    expect((await send(host.port, { path: `/__bridge/events?secret=${pageSecret}` })).status).toBe(401);
    expect((await send(host.port, { path: '/__bridge/events', headers: { cookie } })).status).toBe(403);
    expect((await send(host.port, { path: `/__bridge/events?secret=${pageSecret}`, headers: { cookie, origin: 'http://127.0.0.1:1' } })).status).toBe(403);

    const lines: string[] = [];
    const received = new Promise<void>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port: host.port, path: `/__bridge/events?secret=${pageSecret}`, headers: { host: `127.0.0.1:${host.port}`, cookie } }, (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          lines.push(...chunk.split('\n').filter((l) => l.startsWith('data: ')));
          if (lines.length > 0) resolve();
        });
      });
      request.on('error', reject);
    });
    // Let the stream subscribe, then make the session expire: expired access token and refused refresh.
    await new Promise((r) => setTimeout(r, 100));
    await bridgeCall('auth.signIn', [{ username: 'frank', password: 'Frank_123' }]);
    peer.expireAccessTokens();
    peer.rejectRefresh(true);
    const call = JSON.parse((await bridgeCall('api.call', ['session.roleSystems', {}])).body);
    expect(call).toMatchObject({ ok: false, code: ResponseCode.Unauthorized });
    await received;
    expect(lines).toEqual(['data: {"type":"session-expired"}']);
    // close() in afterEach must finish although this stream is still open.
  });

  it('serves the bundled help PDF and nothing else from the help folder', async () => {
    const url = JSON.parse((await bridgeCall('help.pdfUrl', ['ko_KR'])).body);
    expect(url).toEqual({ ok: true, data: { url: '/help/console-help.en_US.pdf' } });
    const pdf = await send(host.port, { path: url.data.url });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body).toBe('%PDF-1.4 test');
    for (const path of ['/help/console-help.de_DE.pdf', '/help/..%2Fsecret.txt', '/help/secret.txt', '/help/%2e%2e/secret.txt']) {
      const answer = await send(host.port, { path });
      // 404 from the help route; 403 from the static files' own path-traversal check.
      expect([403, 404]).toContain(answer.status);
      expect(answer.body).not.toContain('not for the browser');
    }
  });
});
