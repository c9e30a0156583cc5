import { useMutation, useQuery, type QueryClient, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import type { CallableEndpointId, CallInput, CallOutput, ConsoleBridge } from '../../shared/bridge';
import { unwrap, useBridge } from '../bridge';

/**
 * TanStack Query around `api.call`: an `{ok:false}` result becomes a thrown BridgeError carrying the
 * server's code and msg. The app's QueryClient routes every such error once (app/session/errors.ts):
 * 401 and 00001 end the session, a transport failure stays silent, anything else shows the server's msg,
 * unless the query or mutation says `meta: { silent: true }` because it shows the error itself.
 */

export const API_QUERY_ROOT = 'api';

/** `['api', id]` names every query of an endpoint (for invalidation), `['api', id, input]` one of them. */
export function bridgeQueryKey<Id extends CallableEndpointId>(id: Id, input?: CallInput<Id>): readonly unknown[] {
  return input === undefined ? [API_QUERY_ROOT, id] : [API_QUERY_ROOT, id, input];
}

/** The key and the call of an endpoint's query: what `useBridgeQuery` asks, for a prefetch outside a component. */
export function bridgeQueryOptions<Id extends CallableEndpointId>(bridge: ConsoleBridge, id: Id, input: CallInput<Id>) {
  return { queryKey: bridgeQueryKey(id, input), queryFn: () => unwrap(bridge.api.call(id, input)) };
}

export function useBridgeQuery<Id extends CallableEndpointId, TData = CallOutput<Id>>(
  id: Id,
  input: CallInput<Id>,
  options: Omit<UseQueryOptions<CallOutput<Id>, Error, TData>, 'queryKey' | 'queryFn'> = {},
) {
  const bridge = useBridge();
  return useQuery({ ...bridgeQueryOptions(bridge, id, input), ...options });
}

export function useBridgeMutation<Id extends CallableEndpointId, TContext = unknown>(id: Id, options: Omit<UseMutationOptions<CallOutput<Id>, Error, CallInput<Id>, TContext>, 'mutationFn'> = {}) {
  const bridge = useBridge();
  return useMutation({
    mutationFn: (input: CallInput<Id>) => unwrap(bridge.api.call(id, input)),
    ...options,
  });
}

/** Refetches an endpoint's queries (a list after its form saved), or every server query without an id. */
export function invalidateBridgeQueries(client: QueryClient, id?: CallableEndpointId): Promise<void> {
  return client.invalidateQueries({ queryKey: id ? [API_QUERY_ROOT, id] : [API_QUERY_ROOT] });
}
