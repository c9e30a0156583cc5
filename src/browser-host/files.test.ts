import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_HOST_PAGE_SECRET_HEADER, BROWSER_HOST_PAGE_SECRET_META } from '../shared/bridge';
import { bytesReplacer } from '../shared/bridge-binary';
import { ResponseCode } from '../shared/codes';
import { fail, ok } from '../shared/envelope';
import { createConsoleCore, type ConsoleCore } from '../main/core/console-core';
import { readManagedPreset } from '../main/core/settings';
import { startApiPeer, type ApiPeer } from '../main/core/testing/api-peer';
import { createMemoryVault } from '../main/core/token-vault';
import { BRIDGE_CALL_BODY_LIMIT } from './bridge-routes';
import { startBrowserHost, type BrowserHost } from './host';

/** Files in the browser host: an upload's bytes through a JSON bridge call, and the stored file for an `<img>`. */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function send(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: { host: `127.0.0.1:${port}`, ...options.headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
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
let cookie: string;
let pageSecret: string;
let uploaded: Buffer[];

const bridgeCall = (method: string, args: unknown[]) =>
  send(host.port, {
    method: 'POST',
    path: `/__bridge/${method}`,
    headers: { 'content-type': 'application/json', cookie, origin: `http://127.0.0.1:${host.port}`, [BROWSER_HOST_PAGE_SECRET_HEADER]: pageSecret },
    body: JSON.stringify({ args }, bytesReplacer),
  });

beforeEach(async () => {
  dir = mkdtempSync(join(os.tmpdir(), 'console-host-files-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Console</title>');
  uploaded = [];
  peer = await startApiPeer([{ userId: 41, username: 'frank', password: 'Frank_123' }], (app) => {
    void app.register(multipart, { limits: { fileSize: 8 * 1024 * 1024 } });
    app.post('/api/sys/file/upload', async (request) => {
      for await (const part of request.parts()) if (part.type === 'file') uploaded.push(await part.toBuffer());
      return ok({ id: 12, url: '/api/sys/file/12' });
    });
    app.get<{ Params: { fileId: string } }>('/api/sys/file/:fileId', async (request, reply) => {
      if (request.params.fileId !== '12') return fail(ResponseCode.OutOfScope, 'outside the role');
      return reply.type('image/png').send(PNG);
    });
  });
  let started: BrowserHost | null = null;
  core = createConsoleCore({
    store: new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings' }),
    preset: readManagedPreset({ CONSOLE_SERVER_URL: peer.url, CONSOLE_MANAGED_CONFIG: join(dir, 'none.json') }, 'linux'),
    vault: createMemoryVault(),
    platform: { kind: 'browser', appVersion: '1.0.1', os: 'test' },
    embedded: null,
    fileUrl: (fileId) => started!.fileUrl(fileId),
  });
  host = await startBrowserHost({ bridge: core.bridge, rendererDir, helpDir: join(dir, 'help') });
  started = host;
  const opening = await send(host.port, { path: `/?key=${encodeURIComponent(host.key)}` });
  cookie = (opening.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  const page = await send(host.port, { path: '/', headers: { cookie } });
  pageSecret = new RegExp(`<meta name="${BROWSER_HOST_PAGE_SECRET_META}" content="([^"]+)">`).exec(page.body.toString())?.[1] ?? '';
});
afterEach(async () => {
  await host.close();
  await core.close();
  await peer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('files in the browser host', () => {
  it('carries upload bytes through a JSON call and answers a same-origin address with the page secret', async () => {
    await bridgeCall('auth.signIn', [{ username: 'frank', password: 'Frank_123' }]);
    const answer = JSON.parse((await bridgeCall('files.upload', [{ purpose: 'idCard', name: 'front.png', bytes: new Uint8Array(PNG) }])).body.toString());
    expect(answer).toEqual({ ok: true, data: { id: 12, url: `/__bridge/files/12?secret=${pageSecret}` } });
    expect(uploaded.map((b) => Buffer.compare(b, PNG))).toEqual([0]);
    // A body the size of the largest upload, encoded, is taken.
    expect(BRIDGE_CALL_BODY_LIMIT).toBeGreaterThan(Math.ceil((5 * 1024 * 1024) / 3) * 4);
  });

  it('serves a stored file to the console page, read by the core with the session', async () => {
    await bridgeCall('auth.signIn', [{ username: 'frank', password: 'Frank_123' }]);
    const image = await send(host.port, { path: `/__bridge/files/12?secret=${pageSecret}`, headers: { cookie } });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(image.body, PNG)).toBe(0);
    expect((await send(host.port, { path: `/__bridge/files/13?secret=${pageSecret}`, headers: { cookie } })).status).toBe(404);
    expect((await send(host.port, { path: `/__bridge/files/abc?secret=${pageSecret}`, headers: { cookie } })).status).toBe(404);
  });

  it('refuses a request without the cookie, without the page secret or from another origin, and shows nothing before sign-in', async () => {
    const path = `/__bridge/files/12?secret=${pageSecret}`;
    expect((await send(host.port, { path })).status).toBe(401);
    expect((await send(host.port, { path: '/__bridge/files/12', headers: { cookie } })).status).toBe(403);
    expect((await send(host.port, { path, headers: { cookie, origin: 'http://127.0.0.1:1' } })).status).toBe(403);
    expect((await send(host.port, { path, headers: { cookie } })).status).toBe(404);
  });
});
