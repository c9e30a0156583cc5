import { API_PREFIX, Header } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import type { UploadAnswer } from '../../../shared/contract/file';
import type { Envelope } from '../../../shared/envelope';
import type { CallOptions, TestServer } from '../../testing/harness';

/** Test files: real headers of each type, so the type detection sees what a real file would show it. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
export const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const TEXT = Buffer.from('not an image at all, just some text\n');

/** A PNG of exactly `size` bytes: a real header, then padding. */
export function pngOfSize(size: number): Buffer {
  const out = Buffer.alloc(size);
  PNG_1PX.copy(out, 0, 0, Math.min(PNG_1PX.length, size));
  return out;
}

export interface UploadParts {
  purpose?: string;
  /** Each file as [field, name, bytes, declared type]. */
  files?: Array<[string, string, Uint8Array, string?]>;
  extra?: Record<string, string>;
}

/** A multipart body as a browser or the desktop core sends it. */
export async function multipartBody(parts: UploadParts): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  if (parts.purpose !== undefined) form.append('purpose', parts.purpose);
  for (const [name, value] of Object.entries(parts.extra ?? {})) form.append(name, value);
  for (const [field, name, bytes, type] of parts.files ?? []) form.append(field, new Blob([new Uint8Array(bytes)], { type: type ?? 'application/octet-stream' }), name);
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

export async function uploadRaw(server: TestServer, parts: UploadParts, options: CallOptions): Promise<Envelope<UploadAnswer>> {
  const { payload, contentType } = await multipartBody(parts);
  const answer = await server.raw('POST', `${API_PREFIX}${api.file.upload.path}`, payload, { ...options, contentType });
  return answer.body as Envelope<UploadAnswer>;
}

/** Uploads one file in the field `file`. */
export async function upload(server: TestServer, purpose: string, name: string, bytes: Uint8Array, options: CallOptions, declaredType?: string): Promise<Envelope<UploadAnswer>> {
  return uploadRaw(server, { purpose, files: [['file', name, bytes, declaredType]] }, options);
}

/** The id of an upload that must succeed. */
export async function uploadedId(server: TestServer, purpose: string, options: CallOptions, bytes: Uint8Array = PNG_1PX): Promise<number> {
  const answer = await upload(server, purpose, 'image.png', bytes, options);
  if (!answer.data) throw new Error(`upload failed: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}

/** Reads a file's API address: the bytes and type on success, the envelope on a refusal. */
export async function readFile(server: TestServer, url: string, options: CallOptions): Promise<{ status: number; type: string; bytes: Buffer; envelope: Envelope<unknown> | null }> {
  const headers: Record<string, string> = { [Header.Language]: options.language ?? 'en_US' };
  if (options.token) headers[Header.Authorization] = `Bearer ${options.token}`;
  if (options.roleId !== undefined) headers[Header.Role] = String(options.roleId);
  const response = await server.app.inject({ method: 'GET', url, headers });
  const type = String(response.headers['content-type'] ?? '');
  return { status: response.statusCode, type, bytes: response.rawPayload, envelope: type.startsWith('application/json') ? (response.json() as Envelope<unknown>) : null };
}
