import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

let handler: ((request: Request) => Promise<Response>) | null = null;
const privileged: unknown[] = [];
vi.mock('electron', () => ({
  protocol: {
    handle: (_scheme: string, h: (request: Request) => Promise<Response>) => {
      handler = h;
    },
    registerSchemesAsPrivileged: (schemes: unknown[]) => privileged.push(...schemes),
  },
}));

const { handleAppProtocol, registerAppScheme } = await import('./app-protocol');
const { FileBody } = await import('../../shared/contract/file');

const root = mkdtempSync(join(tmpdir(), 'app-protocol-'));
const rendererDir = join(root, 'renderer');
const helpDir = join(root, 'help');
mkdirSync(join(rendererDir, 'assets'), { recursive: true });
mkdirSync(join(helpDir, 'src'), { recursive: true });
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(helpDir, 'console-help.en_US.pdf'), '%PDF-1.7');
writeFileSync(join(helpDir, 'src', 'console-help.en_US.md'), '# source');
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const storedFilesRead: number[] = [];
handleAppProtocol({ rendererDir, helpDir }, "default-src 'none'", async (fileId) => {
  storedFilesRead.push(fileId);
  if (fileId !== 7) throw new Error('outside the current role');
  return new FileBody('image/png', PNG_BYTES);
});

const get = (url: string) => (handler as (request: Request) => Promise<Response>)(new Request(url));

describe('the app protocol', () => {
  it('is registered as a standard, secure scheme before ready', () => {
    registerAppScheme();
    expect(privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }]);
  });

  it('serves the renderer for client routes with the CSP', async () => {
    const response = await get('app://console/userManage/null');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(await response.text()).toContain('id="root"');
  });

  it('serves assets and help PDFs without a document CSP', async () => {
    const script = await get('app://console/assets/app.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-security-policy')).toBeNull();
    const pdf = await get('app://console/help/console-help.en_US.pdf');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await pdf.text()).toBe('%PDF-1.7');
  });

  it('serves a stored file the core reads with the session, and 404 when the core cannot read it', async () => {
    const image = await get('app://console/files/7');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('no-store');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG_BYTES);
    expect((await get('app://console/files/8')).status).toBe(404);
    expect((await get('app://console/files/abc')).status).toBe(404);
    expect(storedFilesRead).toEqual([7, 8]);
  });

  it.each([
    'app://console/help/src/console-help.en_US.md',
    'app://console/help/console-help.de_DE.pdf',
    'app://console/assets/missing.js',
    'app://console/..%2f..%2fetc%2fpasswd.js',
    'app://evil/index.html',
  ])('answers 404 for %s', async (url) => {
    expect((await get(url)).status).toBe(404);
  });
});
