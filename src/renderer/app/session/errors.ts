import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ResponseCode } from '../../../shared/codes';
import { TRANSPORT_FAILURE_CODE, isBridgeError } from '../../bridge';

export interface BridgeMeta extends Record<string, unknown> {
  /** The caller shows the error itself (inline on a form): no toast. Session ends are routed regardless. */
  silent?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: BridgeMeta;
    mutationMeta: BridgeMeta;
  }
}

export type SessionEnd = 'expired' | 'disabled';

/** 401: the session is gone (refresh failed); 00001: the user was disabled (spec 000 §8). */
export function sessionEndOf(error: unknown): SessionEnd | null {
  if (!isBridgeError(error)) return null;
  if (error.code === ResponseCode.Unauthorized) return 'expired';
  if (error.code === ResponseCode.UserDisabled) return 'disabled';
  return null;
}

/** Network failures are swallowed silently and loading stops (spec 000 §8). */
export function isTransportFailure(error: unknown): boolean {
  return isBridgeError(error) && error.code === TRANSPORT_FAILURE_CODE;
}

type ErrorListener = (error: unknown, meta: BridgeMeta | undefined) => void;

/** Carries every failed query and mutation to whoever handles them (the SessionGuard). */
export interface ErrorReporter {
  report: ErrorListener;
  listen(listener: ErrorListener): () => void;
}

export function createErrorReporter(): ErrorReporter {
  const listeners = new Set<ErrorListener>();
  return {
    report: (error, meta) => {
      for (const listener of [...listeners]) listener(error, meta);
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createQueryClient(reporter: ErrorReporter): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reporter.report(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => reporter.report(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        // A business error will not change on retry; a dropped connection may, once.
        retry: (failureCount, error) => isTransportFailure(error) && failureCount < 1,
        // A console screen keeps what the user is working on; lists refresh when their form saves.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
