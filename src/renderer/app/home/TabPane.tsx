import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { memo, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavigationType, Route as RouterRoute, Routes, UNSAFE_LocationContext as LocationContext, UNSAFE_RouteContext as RouteContext } from 'react-router-dom';
import { PermissionsProvider } from '../../components/permissions';
import { ErrorBoundary, ErrorState, LoadingState } from '../../components/states';
import { useBridgeQuery } from '../../hooks/bridge-query';
import type { FeatureRoute } from '../feature-routes';
import { NoAccessPage } from '../pages/NoAccessPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ExternalPage } from './ExternalPage';
import { createTabReturns, ShellTabContext, type ShellTabValue } from '../../components/screen/shell-tab';
import type { TabScreen } from './tab-screen';
import { screenComponentOf } from './screen-code';

const useStyles = makeStyles({
  pane: { position: 'absolute', inset: 0, overflow: 'auto' },
  hidden: { display: 'none' },
});

function FeatureScreen({ route }: { route: FeatureRoute }) {
  const { t } = useTranslation();
  const Screen = useMemo(() => screenComponentOf(route), [route]);
  return (
    <ErrorBoundary fallback={(retry) => <ErrorState title={t('home.screenLoadFailed')} onRetry={retry} />}>
      <Suspense fallback={<LoadingState />}>
        <Screen />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The screen's button permissions for its menu and the current role, fetched before the screen opens. */
function MenuPermissions({ menuId, roleId, children }: { menuId: number; roleId: number; children: ReactNode }) {
  const { t } = useTranslation();
  const buttons = useBridgeQuery('session.buttons', { menuId, roleId }, { staleTime: Infinity });
  if (buttons.isPending) return <LoadingState />;
  if (buttons.isError) return <ErrorState title={t('app.loadFailed')} error={buttons.error} onRetry={() => void buttons.refetch()} />;
  return <PermissionsProvider permissions={buttons.data}>{children}</PermissionsProvider>;
}

/** The router's root, as a pane's screen sees it: its routes match from the top, whatever the shell's route is. */
const PANE_ROUTE_ROOT = { outlet: null, matches: [], isDataRoute: false };

/**
 * The screen's routes under the pane's own location. `<Routes location>` would read the shell's location too and
 * give its screen a new location on every navigation, so every kept screen would render again on each tab switch:
 * the pane provides its location and the router's root itself, and a navigation elsewhere stops at them.
 */
function PaneRoutes({ pathname, search, path, route }: { pathname: string; search: string; path: string; route: FeatureRoute }) {
  const location = useMemo(() => ({ location: { pathname, search, hash: '', state: null, key: path }, navigationType: NavigationType.Pop }), [pathname, search, path]);
  return (
    <LocationContext.Provider value={location}>
      <RouteContext.Provider value={PANE_ROUTE_ROOT}>
        <Routes>
          <RouterRoute path={route.path} element={<FeatureScreen route={route} />} />
        </Routes>
      </RouteContext.Provider>
    </LocationContext.Provider>
  );
}

export interface TabPaneProps {
  path: string;
  screen: TabScreen;
  title: string;
  active: boolean;
  roleId: number;
  reloadSignal: number;
  closeSelf: (then?: string) => void;
}

/**
 * One tab's content, kept mounted while the tab is open (lists keep their state) and hidden when another
 * tab is active. A feature screen renders under its own router location, so the router's hooks see its path.
 * Memoised, and its screen does not read `active`: a tab switch renders the two panes whose `active` changed, and
 * neither screen in them (a screen follows its tab's returns with `useTabReturn`).
 */
export const TabPane = memo(function TabPane({ path, screen, title, active, roleId, reloadSignal, closeSelf }: TabPaneProps) {
  const styles = useStyles();
  const [returns] = useState(createTabReturns);
  const tab = useMemo<ShellTabValue>(() => ({ path, title, returns, closeSelf }), [path, title, returns, closeSelf]);
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) returns.returned();
    wasActive.current = active;
  }, [active, returns]);

  // Kept across the tab's switches, so its screen is not rendered when `active` changes; an external page follows `active`.
  const screenContent = useMemo<ReactNode>(() => {
    if (screen.kind === 'external') return null;
    if (screen.kind === 'feature' && screen.route && screen.permissionMenuId !== null) {
      return (
        <MenuPermissions menuId={screen.permissionMenuId} roleId={roleId}>
          <PaneRoutes pathname={screen.pathname} search={screen.search} path={path} route={screen.route} />
        </MenuPermissions>
      );
    }
    if (screen.kind === 'noAccess') return <NoAccessPage />;
    return <NotFoundPage inShell />;
  }, [screen, roleId, path]);
  const content = screen.kind === 'external' ? <ExternalPage tabPath={path} url={screen.externalUrl ?? ''} title={title} active={active} reloadSignal={reloadSignal} /> : screenContent;

  return (
    <div className={mergeClasses(styles.pane, !active && styles.hidden)} role="tabpanel" id={paneId(path)} aria-labelledby={tabId(path)} data-testid="tab-pane" data-path={path}>
      <ShellTabContext.Provider value={tab}>{content}</ShellTabContext.Provider>
    </div>
  );
});

/** DOM ids of a tab and its pane, derived from its path. */
export function tabId(path: string): string {
  return `tab-${encodeURIComponent(path)}`;
}

export function paneId(path: string): string {
  return `pane-${encodeURIComponent(path)}`;
}
