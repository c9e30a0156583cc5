import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { BROWSER_HOST_BRIDGE_PATH, BROWSER_HOST_KEY_PARAM, BROWSER_HOST_PAGE_SECRET_META, browserHostCookieName } from '../shared/bridge';
import { ResponseCode } from '../shared/codes';
import type { Locale } from '../shared/constants';
import type { BridgeCore, HelpPdfResolver } from '../main/core/bridge-core';
import { findHelpPdf, HELP_PDF_FILE_PATTERN } from '../main/core/help';
import { browserFileUrl, hasSessionCookie, refuse, registerBridgeRoutes } from './bridge-routes';
import { isAllowedHost, newSecret, sameSecret, SECURITY_HEADERS, sessionCookie, withPageSecret } from './security';

export interface BrowserHostOptions {
  bridge: BridgeCore;
  /** The built renderer (out/renderer): index.html and its assets. */
  rendererDir: string;
  /** The bundled help PDFs (resources/help). */
  helpDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface BrowserHost {
  /** The address to open: it carries this run's key, which works once. */
  url: string;
  origin: string;
  port: number;
  key: string;
  /** The address files.url answers for a stored file (same origin, carrying this run's page secret). */
  fileUrl(fileId: number): string;
  close(): Promise<void>;
}

/** Where the browser host serves the help PDFs. */
export const HELP_PATH = '/help/';

/** help.pdfUrl for the browser host: a same-origin URL of the best bundled PDF for the locale. */
export function browserHelpResolver(helpDir: string): HelpPdfResolver {
  return async (locale: Locale) => {
    const file = await findHelpPdf(helpDir, locale);
    return file ? `${HELP_PATH}${file}` : null;
  };
}

const NOT_OPEN_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Back-office Console</title></head>
<body style="font-family:sans-serif;margin:3em"><h1>Back-office Console</h1>
<p>This page needs the address the console printed when it started: it carries a one-time key.</p>
<p>此页面需要控制台启动时打印的地址（包含一次性密钥）。</p></body></html>`;

/** The console in any local Chromium: the built renderer, the bridge over loopback HTTP, the help PDFs. */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const rendererDir = resolve(options.rendererDir);
  const helpDir = resolve(options.helpDir);
  const indexFile = join(rendererDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The renderer is not built: ${indexFile} is missing (build it with: npx electron-vite build)`);

  const key = newSecret();
  let keyUsed = false;
  const cookieValue = newSecret();
  const pageSecret = newSecret();
  let port = 0;

  const app = Fastify({ logger: false, forceCloseConnections: true });
  // Bridge bodies are JSON only; a text/plain body is what a cross-site form could send.
  app.removeContentTypeParser('text/plain');

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 413) return refuse(reply, 413, ResponseCode.TooLarge, 'The request body is too large');
    if (status < 500) return refuse(reply, status, ResponseCode.InvalidInput, error.message);
    return refuse(reply, 500, ResponseCode.ServerError, 'The browser host failed to answer');
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    if (!isAllowedHost(request.headers.host, port)) {
      return refuse(reply, 403, ResponseCode.Forbidden, `Host "${String(request.headers.host ?? '').slice(0, 100)}" is not this console: use http://127.0.0.1:${port}/`);
    }
    if (request.method !== 'GET' || request.url.startsWith(BROWSER_HOST_BRIDGE_PATH)) return;
    const address = new URL(request.url, `http://127.0.0.1:${port}`);
    if (!address.searchParams.has(BROWSER_HOST_KEY_PARAM)) return;
    if (!sameSecret(address.searchParams.get(BROWSER_HOST_KEY_PARAM), key)) {
      return refuse(reply, 403, ResponseCode.Forbidden, "The key in the address is not this console run's key: open the address the console printed");
    }
    // The key opens one browser once; a browser that holds the cookie already is only sent on.
    const opened = hasSessionCookie(request, port, cookieValue);
    if (keyUsed && !opened) {
      return refuse(
        reply,
        403,
        ResponseCode.Forbidden,
        `The key in the address has been used: open http://127.0.0.1:${port}/ in the browser that opened it first, or restart the console for a new address`,
      );
    }
    keyUsed = true;
    address.searchParams.delete(BROWSER_HOST_KEY_PARAM);
    if (!opened) reply.header('set-cookie', sessionCookie(browserHostCookieName(port), cookieValue));
    return reply.header('cache-control', 'no-store').redirect(`${address.pathname}${address.search}`, 303);
  });

  // Answers travel compressed (brotli or gzip, as the browser accepts); request bodies are taken only as sent.
  await app.register(fastifyCompress, { global: true, globalDecompression: false, encodings: ['br', 'gzip'] });

  await registerBridgeRoutes(app, { bridge: options.bridge, cookieValue, pageSecret, port: () => port });

  app.get<{ Params: { file: string } }>(`${HELP_PATH}:file`, async (request, reply) => {
    const file = request.params.file;
    const path = join(helpDir, file);
    if (
      !HELP_PDF_FILE_PATTERN.test(file) ||
      !(await stat(path).then(
        (s) => s.isFile(),
        () => false,
      ))
    ) {
      return refuse(reply, 404, ResponseCode.NotFound, `No help file "${file.slice(0, 100)}"`);
    }
    return reply.type('application/pdf').header('content-disposition', 'inline').send(createReadStream(path));
  });

  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasSessionCookie(request, port, cookieValue)) return reply.code(401).type('text/html; charset=utf-8').send(NOT_OPEN_PAGE);
    const page = withPageSecret(await readFile(indexFile, 'utf8'), BROWSER_HOST_PAGE_SECRET_META, pageSecret);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  };

  await app.register(fastifyStatic, {
    root: rendererDir,
    index: false,
    dotfiles: 'deny',
    // Every file here but index.html has its content hash in its name (vite): a browser keeps it for good.
    maxAge: '365d',
    immutable: true,
    // index.html is the app itself: it is served by the routes below, which check the session and add the page secret.
    allowedPath: (pathName) => pathName !== '/index.html',
  });
  app.get('/', sendApp);
  // Client-side routes (/Home, /login, /menu, ...) all load the app; a missing asset file stays a 404.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !pathname.startsWith(BROWSER_HOST_BRIDGE_PATH) && !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsPage) return sendApp(request, reply);
    return refuse(reply, 404, ResponseCode.NotFound, `Nothing at ${request.method} ${pathname.slice(0, 200)}`);
  });

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return { url: `${origin}/?${BROWSER_HOST_KEY_PARAM}=${key}`, origin, port, key, fileUrl: (fileId) => browserFileUrl(fileId, pageSecret), close: () => app.close() };
}
