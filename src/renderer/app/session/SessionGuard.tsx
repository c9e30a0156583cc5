import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Delay } from '../../../shared/constants';
import { Route } from '../../../shared/routes';
import { useBridge } from '../../bridge';
import { useNotify } from '../../components/notify';
import { errorMessage } from '../../components/states';
import { isTransportFailure, sessionEndOf, type ErrorReporter, type SessionEnd } from './errors';

export function isSignInPath(pathname: string): boolean {
  return pathname === Route.root || pathname === Route.login;
}

/**
 * Handles what any call can run into: an expired session or a disabled user ('login timed out, please log
 * in again' / 'this user has been frozen', then the sign-in page after 2 s), and the server's msg of
 * any other failure. Both the bridge's events and failed queries lead here.
 */
export function SessionGuard({ reporter }: { reporter: ErrorReporter }) {
  const bridge = useBridge();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const notify = useNotify();
  const onSignInPage = useRef(isSignInPath(pathname));
  onSignInPage.current = isSignInPath(pathname);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Latest handlers behind refs, so the subscriptions below are made once.
  const endSession = useRef<(end: SessionEnd) => void>(() => undefined);
  endSession.current = (end) => {
    // The sign-in page shows these outcomes itself; a pending redirect needs no second warning.
    if (onSignInPage.current || redirect.current) return;
    notify.warning(t(end === 'expired' ? 'session.expired' : 'session.frozen'));
    redirect.current = setTimeout(() => {
      redirect.current = null;
      navigate(Route.login, { replace: true });
    }, Delay.sessionExpiredRedirectMs);
  };
  const showError = useRef<(error: unknown) => void>(() => undefined);
  showError.current = (error) => notify.error(errorMessage(error, t('message.operationFailed')));

  useEffect(
    () =>
      bridge.events.subscribe((event) => {
        if (event.type === 'session-expired') endSession.current('expired');
        else if (event.type === 'user-disabled') endSession.current('disabled');
      }),
    [bridge],
  );

  useEffect(
    () =>
      reporter.listen((error, meta) => {
        const end = sessionEndOf(error);
        if (end) endSession.current(end);
        else if (!isTransportFailure(error) && !meta?.silent) showError.current(error);
      }),
    [reporter],
  );

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  return null;
}
