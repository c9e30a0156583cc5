import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import type { ConsoleBridge, SessionState } from '../../../shared/bridge';
import { Route } from '../../../shared/routes';
import { unwrap, useBridge } from '../../bridge';
import { ErrorState, LoadingState } from '../../components/states';

export const SESSION_STATE_KEY = ['bridge', 'session.state'] as const;

/** The session's state as the boundary reads it; the sign-in page reads it ahead during its redirect wait. */
export const sessionStateQuery = (bridge: ConsoleBridge) => ({ queryKey: SESSION_STATE_KEY, queryFn: () => unwrap(bridge.session.state()), meta: { silent: true } });

const SessionContext = createContext<SessionState | null>(null);

export function useSessionState(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSessionState needs a SessionBoundary');
  return session;
}

/** Shows its children only to a signed-in user; anyone else goes to the sign-in page. */
export function SessionBoundary({ children }: { children: ReactNode }) {
  const bridge = useBridge();
  const { t } = useTranslation();
  const session = useQuery({ ...sessionStateQuery(bridge), staleTime: 0 });

  if (session.isPending) return <LoadingState fill />;
  if (session.isError) {
    return (
      <div style={{ padding: 24 }}>
        <ErrorState title={t('app.loadFailed')} error={session.error} onRetry={() => void session.refetch()} />
      </div>
    );
  }
  if (!session.data.signedIn) return <Navigate to={Route.login} replace />;
  return <SessionContext.Provider value={session.data}>{children}</SessionContext.Provider>;
}
