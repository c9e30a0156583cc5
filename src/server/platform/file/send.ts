import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCode } from '../../../shared/codes';
import type { FileBody } from '../../../shared/contract/file';

/**
 * Answers a stored file with its bytes and type. The interface-monitoring row records the type and size,
 * never the bytes; the file is inline (an image in a form) and kept by no cache on the way (ID cards are
 * personal data).
 */
export function sendFileBody(request: FastifyRequest, reply: FastifyReply, file: FileBody): FastifyReply {
  request.callRecord.code = ResponseCode.Success;
  request.callRecord.loggedResponse = `file ${file.mime} ${file.size} bytes`;
  return reply
    .type(file.mime)
    .header('content-disposition', 'inline')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}
