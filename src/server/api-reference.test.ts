import { afterEach, describe, expect, it } from 'vitest';
import { API_REFERENCE_PATH } from './api-reference';
import { configFromEnv } from './config';
import { startTestServer, type TestServer } from './testing/harness';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function get(url: string) {
  const answer = await server!.app.inject({ method: 'GET', url, headers: { host: '127.0.0.1:7300' } });
  return { status: answer.statusCode, type: answer.headers['content-type'], csp: answer.headers['content-security-policy'], body: answer.body };
}

describe('the API reference page', () => {
  it('is served on a loopback server from its own files: no CDN, no inline script, a policy allowing only itself', async () => {
    server = await startTestServer();
    const page = await get(API_REFERENCE_PATH);
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html; charset=utf-8');
    expect(page.csp).toContain("default-src 'self'");
    expect(page.csp).not.toMatch(/unsafe|https?:|data:/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.sort()).toEqual([`${API_REFERENCE_PATH}/start.js`, `${API_REFERENCE_PATH}/swagger-ui-bundle.js`, `${API_REFERENCE_PATH}/swagger-ui.css`]);
    expect(page.body).not.toMatch(/<script>|<style/);

    const bundle = await get(`${API_REFERENCE_PATH}/swagger-ui-bundle.js`);
    expect(bundle).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    expect(bundle.body).toContain('SwaggerUIBundle');
    expect((await get(`${API_REFERENCE_PATH}/swagger-ui.css`)).type).toBe('text/css; charset=utf-8');
    const start = await get(`${API_REFERENCE_PATH}/start.js`);
    expect(start.body).toContain('"/api/openapi.json"');
    // Only the files the page loads: no other file of the package is reachable.
    expect((await get(`${API_REFERENCE_PATH}/package.json`)).status).toBe(404);
  });

  it('is off on a server listening beyond loopback unless CONSOLE_API_REFERENCE=on; the document stays served', async () => {
    server = await startTestServer({ host: '0.0.0.0' });
    expect((await get(API_REFERENCE_PATH)).status).toBe(404);
    expect((await get('/api/openapi.json')).status).toBe(200);
    await server.close();
    server = undefined;

    server = await startTestServer({ host: '0.0.0.0', apiReference: configFromEnv({ CONSOLE_API_REFERENCE: 'on' }).apiReference });
    expect((await get(API_REFERENCE_PATH)).status).toBe(200);
  });

  it('refuses a setting other than on or off, naming it', () => {
    expect(configFromEnv({}).apiReference).toBeNull();
    expect(configFromEnv({ CONSOLE_API_REFERENCE: 'off' }).apiReference).toBe(false);
    expect(() => configFromEnv({ CONSOLE_API_REFERENCE: 'yes' })).toThrow('CONSOLE_API_REFERENCE must be on or off, got "yes"');
  });
});
