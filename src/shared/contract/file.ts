import { z } from 'zod';
import { API_PREFIX, FilePurpose } from '../constants';
import { Perm, type PermissionKey } from '../permissions';
import { rules } from '../rules';
import { endpoint } from './endpoint';
import type { EndpointNamesOf } from '../local-names';

/**
 * Files (design.md §4b, spec 001 §7 "File upload"): uploads kept in the database (sys_file), each for one
 * purpose whose rule (FILE_RULES in rules.ts) says which types and sizes it takes. An upload is a multipart
 * POST with the fields `purpose` and `file`; its answer is `{id, url}`. A read answers the file's bytes as
 * the body, with their type, not an envelope (a refusal is an envelope).
 */

export const FILE_PURPOSES = [FilePurpose.IdCard, FilePurpose.ArticleImage, FilePurpose.DictionaryImport, FilePurpose.I18nImport, FilePurpose.MailAttachment] as const;

export const filePurpose = z.enum(FILE_PURPOSES, { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.oneOf') });

/** The keys that allow an upload of each purpose: one of them suffices (the screens that save such a file). */
export const UPLOAD_KEYS: Record<FilePurpose, readonly PermissionKey[]> = {
  idCard: [Perm.deptSave, Perm.deptUpdate],
  articleImage: [Perm.infoSave, Perm.infoUpdate],
  dictionaryImport: [Perm.dictSave, Perm.dictUpdate],
  i18nImport: [Perm.i18nSave],
  mailAttachment: [Perm.mailSend],
};

/** Keeps `bytes` out of Object.entries and JSON: a logged or copied input shows the name and size only. */
function hideBytes(target: object, bytes: Uint8Array): void {
  Object.defineProperty(target, 'bytes', { value: bytes, enumerable: false });
}

/** The file of a multipart body. */
export class UploadedFile {
  declare readonly bytes: Uint8Array;
  readonly size: number;

  constructor(
    readonly name: string,
    bytes: Uint8Array,
    /** The body held more than the server reads: the file is larger than every rule allows. */
    readonly truncated = false,
  ) {
    hideBytes(this, bytes);
    this.size = bytes.byteLength;
  }
}

/** A stored file's bytes as an answer: sent as the body with its type. */
export class FileBody {
  declare readonly bytes: Uint8Array;
  readonly size: number;

  constructor(
    readonly mime: string,
    bytes: Uint8Array,
  ) {
    hideBytes(this, bytes);
    this.size = bytes.byteLength;
  }
}

export const uploadedFile = z.instanceof(UploadedFile, { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.notAFile') });

export const uploadAnswer = z.object({ id: z.number().int(), url: z.string() });
export type UploadAnswer = z.infer<typeof uploadAnswer>;

const contentPath = '/sys/file/:fileId';

/** The API address of a stored file: what an upload answers as `url` (a caller with a session reads it). */
export function fileApiUrl(fileId: number): string {
  return `${API_PREFIX}${contentPath.replace(':fileId', String(fileId))}`;
}

export const file = {
  upload: endpoint({
    service: 'file',
    summary: 'Upload a file for one purpose',
    method: 'POST',
    path: '/sys/file/upload',
    // The purpose's keys (UPLOAD_KEYS) are checked by the handler: which key applies depends on the input.
    access: 'session',
    encoding: 'multipart',
    input: z.object({ purpose: filePurpose, file: uploadedFile }),
    output: uploadAnswer,
  }),
  content: endpoint({
    service: 'file',
    summary: "A stored file's bytes",
    method: 'GET',
    path: contentPath,
    // Who may read which file depends on its purpose and the records that use it: checked by the handler.
    access: 'session',
    input: z.object({ fileId: rules.id }),
    output: z.instanceof(FileBody),
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of file, in the five locales. */
export const fileNames: EndpointNamesOf<typeof file> = {
  upload: ['上传文件', 'Upload file', 'Datei hochladen', 'ファイルアップロード', '파일 업로드'],
  content: ['读取文件', 'File content', 'Dateiinhalt', 'ファイル内容', '파일 내용'],
};
