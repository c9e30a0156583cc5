import { z } from 'zod';
import { XLSX_MEDIA_TYPE } from '../constants';

/**
 * Exports (design.md §4b): an endpoint declared with `download` answers with a file streamed as the body,
 * not an envelope; a refusal (permission, bad input) still answers an envelope. Its handler returns an
 * `ExportedFile`; the desktop core streams the body to a file on disk.
 */
export interface ExportedFile {
  /** The name the server proposes for the file (Content-Disposition). */
  fileName: string;
  /** The bytes, produced while they are sent. */
  body: AsyncIterable<Uint8Array>;
}

export interface FileDownload {
  mediaType: string;
  /** Without the dot. */
  extension: string;
}

export const XLSX_DOWNLOAD: FileDownload = { mediaType: XLSX_MEDIA_TYPE, extension: 'xlsx' };

export const exportedFile = z.custom<ExportedFile>((value) => typeof value === 'object' && value !== null && 'fileName' in value && 'body' in value);

/** A random key a screen names its export by, to read the export's progress while the file streams. */
export const exportProgressKey = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, { message: 'validation.format' });

/** How far an export has got: rows written of the rows it will write; `done` once the last row is written or it stopped. */
export const exportProgress = z.object({ rows: z.number().int(), total: z.number().int(), done: z.boolean() });
export type ExportProgress = z.infer<typeof exportProgress>;
