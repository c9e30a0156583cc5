import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Delay } from '../../../shared/constants';
import { Route } from '../../../shared/routes';
import { useBridge } from '../../bridge';
import { useNotify } from '../../components/notify';
import { errorMessage } from '../../components/states';
import { isTransportFailure, sessionEndOf, type ErrorReporter, type SessionEnd } from '../../components/screen/session-errors';

export function isSignInPath(pathname: string): boolean {
  return pathname === Route.root || pathname === Route.login;
}

/**
 * Handles what any call can run into: an expired session or a disabled user ('login timed out, please log
 * in again' / 'this user has been frozen', then the sign-in page after 2 s, or 200 ms when an HTTP error
 * ended it), and the server's msg of any other failure. Both the bridge's events and failed queries lead here.
 */
export function SessionGuard({ reporter }: { reporter: ErrorReporter }) {
  const bridge = useBridge();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const notify = useNotify();
  const onSignInPage = useRef(isSignInPath(pathname));
  onSignInPage.current = isSignInPath(pathname);
  const redirect = useRef<{ timer: ReturnType<typeof setTimeout>; at: number } | null>(null);

  // Latest handlers behind refs, so the subscriptions below are made once.
  const endSession = useRef<(end: SessionEnd, delayMs: number) => void>(() => undefined);
  endSession.current = (end, delayMs) => {
    // The sign-in page shows these outcomes itself.
    if (onSignInPage.current) return;
    const at = Date.now() + delayMs;
    if (redirect.current) {
      // The failed call and the bridge's event report the same end, in either order: one warning, and the
      // event's HTTP error may only bring the redirect forward.
      if (at >= redirect.current.at) return;
      clearTimeout(redirect.current.timer);
    } else {
      notify.warning(t(end === 'expired' ? 'session.expired' : 'session.frozen'));
    }
    redirect.current = {
      at,
      timer: setTimeout(() => {
        redirect.current = null;
        navigate(Route.login, { replace: true });
      }, delayMs),
    };
  };
  const showError = useRef<(error: unknown) => void>(() => undefined);
  showError.current = (error) => notify.error(errorMessage(error, t('message.operationFailed')));

  useEffect(
    () =>
      bridge.events.subscribe((event) => {
        if (event.type !== 'session-expired' && event.type !== 'user-disabled') return;
        endSession.current(event.type === 'session-expired' ? 'expired' : 'disabled', event.httpError ? Delay.httpErrorRedirectMs : Delay.sessionExpiredRedirectMs);
      }),
    [bridge],
  );

  useEffect(
    () =>
      reporter.listen((error, meta) => {
        const end = sessionEndOf(error);
        if (end) endSession.current(end, Delay.sessionExpiredRedirectMs);
        else if (!isTransportFailure(error) && !meta?.silent) showError.current(error);
      }),
    [reporter],
  );

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current.timer);
    },
    [],
  );

  return null;
}
