import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCode } from '../../shared/codes';
import type { ExportedFile, FileDownload } from '../../shared/contract/export';

/** `attachment` with the name in plain ASCII and, for any other characters, in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7E]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Answers an export with its file, streamed: the interface-monitoring row records the file's name (the
 * body is no envelope). A caller that goes away destroys the stream, which stops the export's producer.
 */
export function sendDownload(request: FastifyRequest, reply: FastifyReply, download: FileDownload, file: ExportedFile): FastifyReply {
  request.callRecord.code = ResponseCode.Success;
  request.callRecord.loggedResponse = `file ${file.fileName}`;
  const body = file.body instanceof Readable ? file.body : Readable.from(file.body);
  return reply.type(download.mediaType).header('content-disposition', contentDisposition(file.fileName)).header('cache-control', 'no-store').send(body);
}
