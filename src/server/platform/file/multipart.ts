import type { FastifyRequest } from 'fastify';
import { UploadedFile } from '../../../shared/contract/file';
import { FILE_NAME_MAX, MAX_UPLOAD_BYTES } from '../../../shared/rules';
import { AppError, Errors } from '../../errors';

/** Text fields a multipart body may carry besides its one file (the purpose, a record id or two). */
const MAX_TEXT_FIELDS = 8;
const MAX_FIELD_BYTES = 1024;

/**
 * Options for the @fastify/multipart plugin: nothing beyond the largest upload is ever read into memory, and a
 * larger file is cut there and marked truncated instead of failing the body (its purpose's rule names the limit).
 */
export const MULTIPART_OPTIONS = {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: MAX_TEXT_FIELDS, parts: MAX_TEXT_FIELDS + 1, fieldSize: MAX_FIELD_BYTES },
  throwFileSizeLimit: false,
};

/** The last path segment of a browser- or client-given name, cut to what sys_file.name holds. */
function baseName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  return [...last].slice(0, FILE_NAME_MAX).join('');
}

/**
 * A refusal of @fastify/multipart (too many parts, files or fields) or of its parser busboy (no or an
 * over-long boundary, a body that ends mid-part: plain Errors without a status) as a caller error. Only
 * the body is read in the loop, so whatever else goes wrong there is the body's fault too.
 */
function multipartRefusal(error: unknown): never {
  if (error instanceof AppError) throw error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_FILES_LIMIT') throw Errors.invalid('file', 'validation.oneFile');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw Errors.invalid('body', 'validation.multipartBody');
  throw Errors.invalid('body', 'validation.format');
}

/**
 * The fields of a multipart body as one object: text fields as strings, the field `file` as an
 * `UploadedFile`. A file larger than every purpose allows is read only up to that size and marked
 * truncated (its purpose's rule refuses it); a second file or a file in another field is refused.
 */
export async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) throw Errors.invalid('body', 'validation.multipartBody');
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || typeof part.value !== 'string') throw Errors.invalid(part.fieldname, 'validation.tooLong');
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || fields.file !== undefined) {
        part.file.resume();
        throw Errors.invalid('file', 'validation.oneFile');
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      fields.file = new UploadedFile(baseName(part.filename), Buffer.concat(chunks), part.file.truncated);
    }
  } catch (error) {
    multipartRefusal(error);
  }
  return fields;
}
