import { resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpPdfUrl, resolveAppRequest, storedFileUrl } from './app-protocol-routes';

const roots = { rendererDir: resolve('/opt/console/out/renderer'), helpDir: resolve('/opt/console/resources/help') };

describe('resolveAppRequest', () => {
  it('serves index.html for the root and for client-side routes', () => {
    for (const url of ['app://console/', 'app://console/Home', 'app://console/userManage/null', 'app://console/login?code=abc']) {
      expect(resolveAppRequest(url, roots)).toEqual({ kind: 'file', path: resolve(roots.rendererDir, 'index.html'), mimeType: 'text/html; charset=utf-8', isDocument: true });
    }
  });

  it('serves built assets with their MIME type', () => {
    expect(resolveAppRequest('app://console/assets/index-abc.js', roots)).toEqual({
      kind: 'file',
      path: resolve(roots.rendererDir, 'assets/index-abc.js'),
      mimeType: 'text/javascript; charset=utf-8',
      isDocument: false,
    });
    expect(resolveAppRequest('app://console/assets/a%20b.css', roots)).toMatchObject({ path: resolve(roots.rendererDir, 'assets/a b.css'), mimeType: 'text/css; charset=utf-8' });
  });

  it('serves the help PDFs from the help folder', () => {
    expect(resolveAppRequest('app://console/help/console-help.de_DE.pdf', roots)).toEqual({
      kind: 'file',
      path: resolve(roots.helpDir, 'console-help.de_DE.pdf'),
      mimeType: 'application/pdf',
      isDocument: false,
    });
  });

  it('hands stored files to the core by id, and only plain ids', () => {
    expect(storedFileUrl(42)).toBe('app://console/files/42');
    expect(resolveAppRequest(storedFileUrl(42), roots)).toEqual({ kind: 'stored-file', fileId: 42 });
    expect(resolveAppRequest('app://console/files/2147483647', roots)).toEqual({ kind: 'stored-file', fileId: 2147483647 });
    for (const url of [
      'app://console/files/0',
      'app://console/files/042',
      'app://console/files/2147483648',
      'app://console/files/1.png',
      'app://console/files/1/2',
      'app://console/files/',
      'app://console/files/1?x=1',
      'app://console/files/-1',
    ]) {
      expect(resolveAppRequest(url, roots), url).toEqual({ kind: 'not-found' });
    }
  });

  it.each(['app://console/help/src/console-help.en_US.md', 'app://console/help/..%2fconsole-help.en_US.pdf', 'app://console/help/other.pdf', 'app://console/help/'])(
    'refuses %s outside the help PDFs',
    (url) => {
      expect(resolveAppRequest(url, roots)).toEqual({ kind: 'not-found' });
    },
  );

  it.each([
    'app://console/..%2f..%2fmain%2findex.js',
    'app://console/assets/..%5c..%5cmain.js',
    'app://console/x%00.js',
    'app://console/%E0%A4%A.js',
    'app://console/tool.exe',
    'app://other/index.html',
    'app://console:1/index.html',
    'app://u@console/index.html',
    'file:///opt/console/out/renderer/index.html',
    'nonsense',
  ])('refuses %s', (url) => {
    expect(resolveAppRequest(url, roots)).toEqual({ kind: 'not-found' });
  });
});

it.each(['app://console/help/../../package.json', 'app://console/help/%2e%2e/%2e%2e/package.json', 'app://console/%2e%2e/%2e%2e/etc/passwd.json'])(
  'keeps dot segments of %s inside the renderer folder (the URL parser resolves them first)',
  (url) => {
    const target = resolveAppRequest(url, roots);
    expect(target.kind).toBe('file');
    expect(target.kind === 'file' && target.path.startsWith(roots.rendererDir + sep)).toBe(true);
  },
);

describe('helpPdfUrl', () => {
  it('gives a URL the app protocol serves from the help folder', () => {
    const url = helpPdfUrl('console-help.de_DE.pdf');
    expect(url).toBe('app://console/help/console-help.de_DE.pdf');
    expect(resolveAppRequest(url, roots)).toEqual({ kind: 'file', path: resolve(roots.helpDir, 'console-help.de_DE.pdf'), mimeType: 'application/pdf', isDocument: false });
  });
});
