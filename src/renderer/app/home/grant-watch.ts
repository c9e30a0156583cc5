import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Delay } from '../../../shared/constants';
import { invalidateBridgeQueries, useBridgeQuery } from '../../hooks/bridge-query';
import { isTransportFailure } from '../../components/screen/session-errors';

/**
 * Keeps the navigation and the button permissions of the signed-in role current: the role's grant stamp
 * is asked for on every navigation, on window focus and every `Delay.grantPollMs`; when it changes (an
 * administrator changed the role's menus, took the role away, or translated a menu name) the systems, the navigation and every
 * screen's buttons are read again, without signing in again.
 */
export function useGrantWatch(roleId: number, location: string): void {
  const queryClient = useQueryClient();
  const stamp = useBridgeQuery('session.grantStamp', { roleId }, { refetchInterval: Delay.grantPollMs, refetchOnWindowFocus: true, staleTime: 0, meta: { silent: true } });
  const { refetch } = stamp;
  useEffect(() => {
    void refetch();
  }, [location, refetch]);

  const seen = useRef<string | null>(null);
  const current = stamp.data?.stamp ?? null;
  const lost = stamp.isError && !isTransportFailure(stamp.error);
  useEffect(() => {
    const changed = lost || (current !== null && seen.current !== null && seen.current !== current);
    if (current !== null) seen.current = current;
    if (!changed) return;
    void Promise.all([invalidateBridgeQueries(queryClient, 'session.roleSystems'), invalidateBridgeQueries(queryClient, 'session.nav'), invalidateBridgeQueries(queryClient, 'session.buttons')]);
  }, [current, lost, queryClient]);
}
