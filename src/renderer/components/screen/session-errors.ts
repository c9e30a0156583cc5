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

/**
 * A network failure, no answer: the API server (embedded or remote) could not be reached, or in the browser host
 * the host itself. Spec 000 §8 swallows these; the user still learns of them, once, from the "cannot reach the
 * server" state with its retry, never from a toast with an address or a socket error in it.
 */
export function isTransportFailure(error: unknown): boolean {
  return isBridgeError(error) && (error.code === TRANSPORT_FAILURE_CODE || error.code === ResponseCode.Unreachable);
}

type ErrorListener = (error: unknown, meta: BridgeMeta | undefined) => void;

/** Whether the last call that ended found no server: what the "cannot reach the server" banner shows. */
export interface Reachability {
  unreachable(): boolean;
  subscribe(listener: () => void): () => void;
}

/** Carries every failed query and mutation to whoever handles them (the SessionGuard), and tracks reachability. */
export interface ErrorReporter {
  report: ErrorListener;
  listen(listener: ErrorListener): () => void;
  /** A call got an answer from the server: it is reachable again. */
  answered(): void;
  reachability: Reachability;
}

export function createErrorReporter(): ErrorReporter {
  const listeners = new Set<ErrorListener>();
  const reachabilityListeners = new Set<() => void>();
  let unreachable = false;
  const setUnreachable = (value: boolean) => {
    if (value === unreachable) return;
    unreachable = value;
    for (const listener of [...reachabilityListeners]) listener();
  };
  return {
    report: (error, meta) => {
      // Any other failure is an answer of the server.
      setUnreachable(isTransportFailure(error));
      for (const listener of [...listeners]) listener(error, meta);
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answered: () => setUnreachable(false),
    reachability: {
      unreachable: () => unreachable,
      subscribe: (listener) => {
        reachabilityListeners.add(listener);
        return () => reachabilityListeners.delete(listener);
      },
    },
  };
}

export function createQueryClient(reporter: ErrorReporter): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reporter.report(error, query.meta), onSuccess: () => reporter.answered() }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => reporter.report(error, mutation.meta), onSuccess: () => reporter.answered() }),
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
  // The server answers again (a poll, another screen, the banner's retry): what failed for want of it loads again
  // by itself, so no pane is left showing its error once the banner has gone.
  let wasUnreachable = reporter.reachability.unreachable();
  reporter.reachability.subscribe(() => {
    const unreachable = reporter.reachability.unreachable();
    if (wasUnreachable && !unreachable) {
      // A read already sent again (the pane's own retry) is left to finish, not cancelled and sent once more.
      void client.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' && isTransportFailure(query.state.error) }, { cancelRefetch: false });
    }
    wasUnreachable = unreachable;
  });
  return client;
}
