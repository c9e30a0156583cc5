import type { ExportedFile, FileDownload } from '../../shared/contract/export';

/** A server's file name from `Content-Disposition`: the RFC 5987 form first, then the plain one. */
export function fileNameOfDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header) ?? /filename=([^;]+)/i.exec(header);
  return plain ? plain[1]!.trim() : null;
}

/**
 * The answer of an export endpoint as the API client hands it over: the file's name and its body as chunks,
 * read as they arrive. Ending the iteration early (`return`) cancels the body at once, even while a read
 * waits, which closes the connection.
 */
export function downloadedFile(response: Response, download: FileDownload): ExportedFile {
  const stream = response.body;
  return {
    fileName: fileNameOfDisposition(response.headers.get('content-disposition')) ?? `export.${download.extension}`,
    body: {
      [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
        const reader = stream?.getReader() ?? null;
        return {
          async next() {
            const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
            return chunk.done ? { done: true, value: undefined } : { done: false, value: chunk.value };
          },
          async return() {
            await reader?.cancel().catch(() => undefined);
            return { done: true, value: undefined };
          },
        };
      },
    },
  };
}
