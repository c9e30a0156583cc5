import type { ExternalCheck } from '../../shared/bridge';

/** How long an external page may take to answer before its tab says it is unreachable. */
export const EXTERNAL_CHECK_TIMEOUT_MS = 8_000;

/**
 * Whether `url` answers at all: any HTTP status counts (the page shows its own error then), only no answer
 * (a refused connection, an unknown host, a timeout) does not. A HEAD request, redirects not followed, the body
 * never read: the renderer learns one yes or no, nothing of the page.
 */
export async function checkExternal(url: string, fetcher: typeof fetch = fetch): Promise<ExternalCheck> {
  try {
    const response = await fetcher(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(EXTERNAL_CHECK_TIMEOUT_MS) });
    await response.body?.cancel();
    return { reachable: true, reason: '' };
  } catch (error) {
    return { reachable: false, reason: failureOf(error) };
  }
}

/** The system's name of the failure (ECONNREFUSED, ENOTFOUND), or the error's own name (TimeoutError). */
function failureOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.name : String(error);
}
