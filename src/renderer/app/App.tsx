import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { Suspense, use, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Route as RouterRoute, Routes, UNSAFE_createHashHistory as createHashHistory, useLocation, type Location } from 'react-router-dom';
import type { ConsoleBridge } from '../../shared/bridge';
import type { ThemeChoice } from '../../shared/constants';
import { Route } from '../../shared/routes';
import { BridgeContext } from '../bridge';
import { ConfirmProvider } from '../components/ConfirmDialog';
import { AppToaster } from '../components/notify';
import { useEscapeClosesTopOverlay } from '../components/overlay';
import { ErrorBoundary, ErrorState, LoadingState } from '../components/states';
import { ConsoleRouter } from './console-router';
import { matchScreen } from './feature-routes';
import { LoginPage } from './login/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { createErrorReporter, createQueryClient } from '../components/screen/session-errors';
import { isSignInPath, SessionGuard } from './session/SessionGuard';
import { loadedShell, loadShell } from './shell-loader';
import { ServerUnreachableBanner } from './session/ServerUnreachable';
import { ThemeProvider } from './theme/ThemeProvider';

// Inline, not a class: FluentProvider copies its classes onto its portals, which must not fill the page.
const FILL = { height: '100%' } as const;

function LoadedShell({ i18n }: { i18n: i18n }) {
  const ShellScreens = loadedShell(i18n) ?? use(loadShell(i18n));
  return <ShellScreens />;
}

/** Every path that is no sign-in page: the Home shell's screens behind the session (loaded on demand), or the full-page 404. */
function ShellGate() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  if (!matchScreen(pathname)) return <NotFoundPage />;
  return (
    <ErrorBoundary fallback={(retry) => <ErrorState title={t('app.loadFailed')} onRetry={retry} />}>
      <Suspense fallback={<LoadingState fill />}>
        <LoadedShell i18n={i18n} />
      </Suspense>
    </ErrorBoundary>
  );
}

const isShellPath = (pathname: string) => !isSignInPath(pathname) && matchScreen(pathname) !== null;
/** From one Home shell screen to another the router keeps its location: the shell follows the address itself. */
export const keepShellLocation = (from: Location, to: Location) => isShellPath(from.pathname) && isShellPath(to.pathname);

export function AppRoutes() {
  return (
    <Routes>
      <RouterRoute path={Route.root} element={<LoginPage />} />
      <RouterRoute path={Route.login} element={<LoginPage />} />
      <RouterRoute path={Route.notFound} element={<NotFoundPage />} />
      <RouterRoute path="/*" element={<ShellGate />} />
    </Routes>
  );
}

export function App({ i18n, bridge, theme }: { i18n: i18n; bridge: ConsoleBridge; theme: ThemeChoice }) {
  const [reporter] = useState(createErrorReporter);
  const [queryClient] = useState(() => createQueryClient(reporter));
  const [history] = useState(() => createHashHistory({ window, v5Compat: true }));
  useEscapeClosesTopOverlay();
  return (
    <BridgeContext.Provider value={bridge}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider initial={theme} style={FILL}>
            <AppToaster />
            <ConfirmProvider>
              <ConsoleRouter history={history} keepLocation={keepShellLocation}>
                <SessionGuard reporter={reporter} />
                <ServerUnreachableBanner reporter={reporter} />
                <AppRoutes />
              </ConsoleRouter>
            </ConfirmProvider>
          </ThemeProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </BridgeContext.Provider>
  );
}
