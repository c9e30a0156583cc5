import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { ExportRequest, ExportStarted } from '../../shared/bridge';
import { ResponseCode } from '../../shared/codes';
import { api } from '../../shared/contract';
import type { EndpointDef } from '../../shared/contract/endpoint';
import type { ExportedFile, FileDownload } from '../../shared/contract/export';
import { CodedError, InputError } from './errors';
import type { BridgeEvents } from './events';
import type { Session } from './session';

/**
 * Exports to a file on disk (design.md §4b): the server streams the file, the core streams the body into a
 * partial file beside the chosen one and renames it when complete, reporting `export-progress` events on the
 * way. Cancelling aborts the download (the server sees the connection close and stops) and removes the
 * partial file; a failed download removes it too. A chosen file is never left half-written.
 */

/** Where an export goes: Electron asks with its save dialog, the browser host uses its downloads folder. Null: the user declined. */
export type ExportTarget = (request: { suggestedName: string; download: FileDownload }) => Promise<string | null>;

/** Shows a file in the operating system's file manager: Electron's shell, the browser host's opener command. */
export type FileRevealer = (file: string) => Promise<void>;

export interface ExportsDeps {
  session: Pick<Session, 'call'>;
  events: BridgeEvents;
  target: ExportTarget | null;
  reveal?: FileRevealer | null;
}

export interface Exports {
  start(request: ExportRequest): Promise<ExportStarted | null>;
  cancel(exportId: string): Promise<void>;
  /** Shows the file of an export that finished in this session. */
  showInFolder(exportId: string): Promise<void>;
}

/**
 * Saves into one folder (the browser host's downloads folder, which a test can read): the suggested name, or
 * the name with " (2)", " (3)" … when a file of that name is there already.
 */
export function folderTarget(folder: string): ExportTarget {
  return async ({ suggestedName }) => {
    await mkdir(folder, { recursive: true });
    const extension = path.extname(suggestedName);
    const stem = suggestedName.slice(0, suggestedName.length - extension.length);
    for (let copy = 1; ; copy++) {
      const candidate = path.join(folder, copy === 1 ? suggestedName : `${stem} (${copy})${extension}`);
      if (!(await exists(candidate))) return candidate;
    }
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Progress is reported each time this many more bytes have been written, and at the end. */
export const EXPORT_PROGRESS_STEP = 64 * 1024;
export const EXPORT_CANCELLED_MSG = 'The export was cancelled';
const SUGGESTED_NAME_MAX = 200;

/** The export endpoint of an `area.name` id: one whose contract declares a download. */
export function exportEndpoint(id: unknown): EndpointDef & { download: FileDownload } {
  if (typeof id !== 'string') throw new InputError('endpointId must be a text like "dictionary.export"');
  const [area, name, ...extra] = id.split('.');
  const defs = area && Object.hasOwn(api, area) ? (api[area as keyof typeof api] as Record<string, EndpointDef>) : null;
  const def = defs && name && extra.length === 0 && Object.hasOwn(defs, name) ? defs[name] : undefined;
  if (!def?.download) throw new InputError(`"${id.slice(0, 100)}" is no export endpoint`);
  return def as EndpointDef & { download: FileDownload };
}

/** A plain file name (no folders) ending in the download's extension. */
export function fileNameFor(suggested: unknown, download: FileDownload): string {
  if (typeof suggested !== 'string') throw new InputError('suggestedName must be a text');
  const base = path
    .basename(suggested.replace(/\\/g, '/'))
    .replace(/[<>:"|?*\u0000-\u001f]/g, '_')
    .trim()
    .slice(0, SUGGESTED_NAME_MAX);
  const name = base === '' || base === '.' || base === '..' ? 'export' : base;
  const extension = `.${download.extension}`;
  return name.toLowerCase().endsWith(extension) ? name : `${name}${extension}`;
}

interface RunningExport {
  cancelled: boolean;
  /** Stops the body where it is. */
  stop: () => Promise<unknown>;
  finished: Promise<void>;
}

export const NO_FINISHED_EXPORT_MSG = 'No export with this id has finished in this session';

export function createExports(deps: ExportsDeps): Exports {
  const running = new Map<string, RunningExport>();
  // The files this core wrote to the end, by export id: the only paths it will show.
  const finished = new Map<string, string>();

  const pump = async (exportId: string, job: RunningExport, chunks: AsyncIterator<Uint8Array>, target: string): Promise<void> => {
    const partial = `${target}.${exportId}.part`;
    let out: WriteStream | null = null;
    let bytes = 0;
    let reported = 0;
    try {
      out = createWriteStream(partial, { flags: 'wx' });
      await once(out, 'open');
      for (let chunk = await chunks.next(); !chunk.done && !job.cancelled; chunk = await chunks.next()) {
        if (!out.write(chunk.value)) await once(out, 'drain');
        bytes += chunk.value.byteLength;
        if (bytes - reported >= EXPORT_PROGRESS_STEP) {
          reported = bytes;
          deps.events.emit({ type: 'export-progress', exportId, bytes, done: false });
        }
      }
      if (job.cancelled) throw new CodedError(ResponseCode.CallerError, EXPORT_CANCELLED_MSG);
      out.end();
      await once(out, 'finish');
      await rename(partial, target);
      finished.set(exportId, target);
      deps.events.emit({ type: 'export-progress', exportId, bytes, done: true });
    } catch (error) {
      await chunks.return?.();
      // A write still under way fails once the stream is destroyed; the file is removed anyway, so that failure is moot.
      out?.on('error', () => undefined).destroy();
      await rm(partial, { force: true });
      const msg = job.cancelled ? EXPORT_CANCELLED_MSG : `The export stopped: ${error instanceof Error ? error.message : String(error)}`;
      deps.events.emit({ type: 'export-progress', exportId, bytes, done: true, error: msg });
    } finally {
      running.delete(exportId);
    }
  };

  return {
    async start(request) {
      if (request === null || typeof request !== 'object') throw new InputError('the export request must be an object of fields');
      const def = exportEndpoint(request.endpointId);
      if (request.input !== undefined && (request.input === null || typeof request.input !== 'object' || Array.isArray(request.input))) throw new InputError('input must be an object of fields');
      const suggestedName = fileNameFor(request.suggestedName, def.download);
      if (!deps.target) throw new CodedError(ResponseCode.CallerError, 'This console cannot save exports');
      const target = await deps.target({ suggestedName, download: def.download });
      if (target === null) return null;
      // A refusal (an envelope) fails here, before any file is made.
      const file = (await deps.session.call(def, (request.input ?? {}) as never)) as ExportedFile;
      const exportId = randomUUID();
      const chunks = file.body[Symbol.asyncIterator]();
      const job: RunningExport = { cancelled: false, stop: async () => chunks.return?.(), finished: Promise.resolve() };
      running.set(exportId, job);
      job.finished = pump(exportId, job, chunks, target);
      return { exportId, path: target };
    },

    async cancel(exportId) {
      if (typeof exportId !== 'string') throw new InputError('exportId must be a text');
      const job = running.get(exportId);
      if (!job) throw new CodedError(ResponseCode.NotFound, 'No export with this id is running');
      job.cancelled = true;
      await job.stop();
      await job.finished;
    },

    async showInFolder(exportId) {
      if (typeof exportId !== 'string') throw new InputError('exportId must be a text');
      const file = finished.get(exportId);
      if (file === undefined) throw new CodedError(ResponseCode.NotFound, NO_FINISHED_EXPORT_MSG);
      if (!deps.reveal) throw new CodedError(ResponseCode.CallerError, 'This console cannot show files');
      await deps.reveal(file);
    },
  };
}
