import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import type { FileBody } from '../../shared/contract/file';
import { resolveAppRequest, type ProtocolRoots } from './app-protocol-routes';
import { APP_SCHEME } from './security';

async function storedFileResponse(readStoredFile: (fileId: number) => Promise<FileBody>, fileId: number): Promise<Response> {
  try {
    const file = await readStoredFile(fileId);
    return new Response(new Uint8Array(file.bytes), { status: 200, headers: { 'content-type': file.mime, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' } });
  } catch {
    // Not signed in, outside the role or gone: the image simply does not show; the reason stays in the core.
    return new Response('Not found', { status: 404 });
  }
}

/**
 * Registers `app:` before the app is ready. Standard + secure give it a real origin and a secure context
 * (so 'self' in the CSP means app://console); Chromium's PDF viewer only opens PDFs from a standard
 * scheme; stream lets it read large files progressively.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }]);
}

/**
 * Serves the built renderer, the help PDFs and stored files (read by the core with the session, so the page
 * shows an ID card without holding a token); every HTML document carries the app's CSP.
 */
export function handleAppProtocol(roots: ProtocolRoots, contentSecurityPolicy: string, readStoredFile: (fileId: number) => Promise<FileBody>): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const target = resolveAppRequest(request.url, roots);
    if (target.kind === 'not-found') return new Response('Not found', { status: 404 });
    if (target.kind === 'stored-file') return storedFileResponse(readStoredFile, target.fileId);
    let body: Buffer;
    try {
      body = await readFile(target.path);
    } catch {
      return new Response('Not found', { status: 404 });
    }
    const headers: Record<string, string> = { 'content-type': target.mimeType, 'x-content-type-options': 'nosniff' };
    if (target.isDocument) headers['content-security-policy'] = contentSecurityPolicy;
    return new Response(new Uint8Array(body), { status: 200, headers });
  });
}
