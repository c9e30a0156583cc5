import { extname, resolve, sep } from 'node:path';
import { HELP_PDF_FILE_PATTERN } from '../core/help';
import { APP_HOST, APP_SCHEME } from './security';

/**
 * How `app://console/…` URLs map to files: the built renderer, and the bundled help PDFs under `/help/`.
 * Pure path logic, so traversal attempts are tested without Electron.
 */

export const HELP_PATH_PREFIX = '/help/';
/** Stored files (files.url): `app://console/files/<fileId>`, read by the core with the session. */
export const FILES_PATH_PREFIX = '/files/';

/** The app-protocol URL of a help PDF file name (as chosen by the core's findHelpPdf). */
export function helpPdfUrl(fileName: string): string {
  return `${APP_SCHEME}://${APP_HOST}${HELP_PATH_PREFIX}${encodeURIComponent(fileName)}`;
}

/** The app-protocol URL of a stored file: what files.url answers in the desktop app. */
export function storedFileUrl(fileId: number): string {
  return `${APP_SCHEME}://${APP_HOST}${FILES_PATH_PREFIX}${fileId}`;
}

export interface ProtocolRoots {
  /** out/renderer */
  rendererDir: string;
  /** resources/help in development, <resources>/help when packaged */
  helpDir: string;
}

export type ProtocolTarget = { kind: 'file'; path: string; mimeType: string; isDocument: boolean } | { kind: 'stored-file'; fileId: number } | { kind: 'not-found' };

/** The largest id of sys_file (a PostgreSQL integer). */
const MAX_FILE_ID = 2_147_483_647;

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.pdf': 'application/pdf',
  '.map': 'application/json; charset=utf-8',
};

/** The file under `root` a URL path names, or null when the path would leave `root`. */
function containedPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  // A decoded NUL or backslash has no business in a web path; a backslash would be a separator on Windows.
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const rootDir = resolve(root);
  const target = resolve(rootDir, `.${decoded}`);
  return target.startsWith(rootDir + sep) ? target : null;
}

function fileTarget(path: string): ProtocolTarget {
  const extension = extname(path).toLowerCase();
  const mimeType = MIME_TYPES[extension];
  if (!mimeType) return { kind: 'not-found' };
  return { kind: 'file', path, mimeType, isDocument: extension === '.html' };
}

/**
 * Resolves an app-protocol request. Paths without an extension are client-side routes (react-router's
 * /Home, /user, …) and get index.html, so a reload on any route works.
 */
export function resolveAppRequest(requestUrl: string, roots: ProtocolRoots): ProtocolTarget {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'not-found' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST || url.port !== '' || url.username !== '' || url.password !== '') return { kind: 'not-found' };

  if (url.pathname.startsWith(FILES_PATH_PREFIX)) {
    const id = /^[1-9]\d{0,9}$/.test(url.pathname.slice(FILES_PATH_PREFIX.length)) ? Number(url.pathname.slice(FILES_PATH_PREFIX.length)) : 0;
    return id > 0 && id <= MAX_FILE_ID && url.search === '' ? { kind: 'stored-file', fileId: id } : { kind: 'not-found' };
  }

  if (url.pathname.startsWith(HELP_PATH_PREFIX)) {
    const name = url.pathname.slice(HELP_PATH_PREFIX.length);
    // Only the help PDFs themselves: no sub-folders, not the markdown sources beside them.
    if (!HELP_PDF_FILE_PATTERN.test(name)) return { kind: 'not-found' };
    const path = containedPath(roots.helpDir, `/${name}`);
    return path ? fileTarget(path) : { kind: 'not-found' };
  }

  const pathname = url.pathname === '/' || extname(url.pathname) === '' ? '/index.html' : url.pathname;
  const path = containedPath(roots.rendererDir, pathname);
  return path ? fileTarget(path) : { kind: 'not-found' };
}
