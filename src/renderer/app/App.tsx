import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { HashRouter, Route as RouterRoute, Routes, useLocation } from 'react-router-dom';
import type { ConsoleBridge } from '../../shared/bridge';
import { Route } from '../../shared/routes';
import { BridgeContext } from '../bridge';
import { ConfirmProvider } from '../components/ConfirmDialog';
import { UnsavedChangesProvider } from '../components/form/unsaved-changes';
import { AppToaster } from '../components/notify';
import { matchScreen } from './feature-routes';
import { HomeShell } from './home/HomeShell';
import { IdentityBoundary } from './identity/IdentityBoundary';
import { LoginPage } from './login/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { createErrorReporter, createQueryClient } from './session/errors';
import { SessionBoundary } from './session/SessionBoundary';
import { SessionGuard } from './session/SessionGuard';
import { ServerUnreachableBanner } from './session/ServerUnreachable';

// Inline, not a class: FluentProvider copies its classes onto its portals, which must not fill the page.
const FILL = { height: '100%' } as const;

/** Every path that is no sign-in page: the Home shell's screens behind the session, or the full-page 404. */
function ShellGate() {
  const { pathname } = useLocation();
  if (!matchScreen(pathname)) return <NotFoundPage />;
  return (
    <SessionBoundary>
      {/* Above the identity switch and the shell, which both ask before typed changes in a tab are dropped. */}
      <UnsavedChangesProvider>
        <IdentityBoundary>{({ system, role }) => <HomeShell key={`${system.menuId}:${role.roleId}`} />}</IdentityBoundary>
      </UnsavedChangesProvider>
    </SessionBoundary>
  );
}

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

export function App({ i18n, bridge }: { i18n: i18n; bridge: ConsoleBridge }) {
  const [reporter] = useState(createErrorReporter);
  const [queryClient] = useState(() => createQueryClient(reporter));
  return (
    <BridgeContext.Provider value={bridge}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <FluentProvider theme={webLightTheme} style={FILL}>
            <AppToaster />
            <ConfirmProvider>
              <HashRouter>
                <SessionGuard reporter={reporter} />
                <ServerUnreachableBanner reporter={reporter} />
                <AppRoutes />
              </HashRouter>
            </ConfirmProvider>
          </FluentProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </BridgeContext.Provider>
  );
}
