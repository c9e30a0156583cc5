import { Button, Text, Title3, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Keyboard20Regular, Search20Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLiveNavigation } from '../console-router';
import type { NavNode } from '../../../shared/contract/session';
import { Delay } from '../../../shared/constants';
import { Route } from '../../../shared/routes';
import { useBridge } from '../../bridge';
import { useDiscardGuard } from '../../components/form/unsaved-changes';
import { savedViewsQuery } from '../../components/list/useListViews';
import { anyOverlayOpen } from '../../components/overlay';
import { useNotify } from '../../components/notify';
import { ErrorState, LoadingState } from '../../components/states';
import { bridgeQueryOptions, invalidateBridgeQueries, useBridgeQuery } from '../../hooks/bridge-query';
import { matchScreen, type FeatureRoute } from '../feature-routes';
import { useIdentity } from '../../components/screen/identity';
import { usePlatform } from '../platform';
import { useGrantWatch } from './grant-watch';
import { greetingKey } from './greeting';
import { useHour } from './hooks';
import { HomePage } from './HomePage';
import { isPage, menuTarget, sortedMenus } from './nav';
import { parseRecent, recentScreensKey, withRecent } from './recent-screens';
import { CommandPalette } from '../palette/CommandPalette';
import { ScreenActionRegistry, ScreenActionsContext } from '../../components/screen/screen-actions';
import { commandOf, isTyping, type ShellCommand } from '../palette/shortcuts';
import { ShortcutsDialog } from '../palette/ShortcutsDialog';
import { ShellNotices } from '../../../areas/notice/screens/ShellNotices';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { loadScreen } from './screen-code';
import { TabPane } from './TabPane';
import { describeTab, type TabScreen } from './tab-screen';
import { EMPTY_TABS, tabsReducer, type TabsAction } from './tabs';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';

const useStyles = makeStyles({
  shell: { display: 'grid', gridTemplateRows: 'auto minmax(0, 1fr)', gridTemplateColumns: 'minmax(0, 1fr)', height: '100%', overflow: 'hidden' },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    height: '56px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
    overflow: 'hidden',
  },
  // The menu keeps its width first; the notices take what is left, down to the ticker's few words and the bell (their
  // box holds that width, so the ticker never lies over the menu); the greeting gives way before the menu, whole: a
  // greeting too wide for the room left wraps below its box's one line, out of view (a strut holds the first line), as
  // "Good …" would tell nothing the user menu's name does not.
  brand: { flex: '0 0 auto', color: tokens.colorBrandForeground1, whiteSpace: 'nowrap' },
  topMenu: { flex: '0 1 auto', minWidth: 0 },
  notices: { flex: '1 1 0', minWidth: '168px', display: 'flex', justifyContent: 'flex-end' },
  user: { flex: '0 1000 auto', minWidth: 0, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, '& > :not([data-greeting-box])': { flexShrink: 0 } },
  greetingBox: {
    minWidth: 0,
    display: 'flex',
    flexWrap: 'wrap',
    alignContent: 'flex-start',
    height: tokens.lineHeightBase300,
    overflow: 'hidden',
    '::before': { content: '""', width: 0, height: '100%' },
  },
  greeting: { whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2, lineHeight: tokens.lineHeightBase300 },
  body: { display: 'grid', gridTemplateColumns: '220px minmax(0, 1fr)', minHeight: 0 },
  side: { borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, overflowY: 'auto', backgroundColor: tokens.colorNeutralBackground2 },
  main: { display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 },
  content: { position: 'relative', flexGrow: 1, minHeight: 0, backgroundColor: tokens.colorNeutralBackground1 },
  home: { height: '100%', overflow: 'hidden' },
  empty: { display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', height: '100%', gap: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3 },
});

/** The first-level menu that holds a page, to keep the side menu on the group of the screen in view. */
function groupOf(menus: readonly NavNode[], url: string): NavNode | null {
  const holds = (node: NavNode): boolean => node.url === url || node.children.some(holds);
  return menus.find(holds) ?? null;
}

/**
 * Loads the code of every screen a menu of `nav` opens, and reads the menu's button permissions for the role
 * (`prefetchButtons`), one screen per idle period: a first open then waits for its own data only. The returned
 * function stops it.
 */
function preloadScreens(nav: readonly NavNode[], prefetchButtons: (menuId: number) => Promise<unknown>): () => void {
  const screens = new Map<FeatureRoute, number>();
  const visit = (node: NavNode) => {
    const match = node.url ? matchScreen(node.url) : null;
    if (match?.kind === 'feature' && !screens.has(match.route)) screens.set(match.route, node.menuId);
    node.children.forEach(visit);
  };
  nav.forEach(visit);
  const pending = [...screens];
  // Electron and Chromium have requestIdleCallback; a timer stands in where it is missing (jsdom).
  const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : window.setTimeout(run, 50));
  const cancel = (handle: number) => (typeof cancelIdleCallback === 'function' ? cancelIdleCallback(handle) : window.clearTimeout(handle));
  let handle = 0;
  let stopped = false;
  const next = () => {
    const screen = pending.shift();
    if (!screen || stopped) return;
    const [route, menuId] = screen;
    // A failed load is tried again, and shown, when its tab opens.
    void Promise.all([loadScreen(route).catch(() => undefined), prefetchButtons(menuId)]).then(() => {
      if (!stopped) handle = whenIdle(next);
    });
  };
  handle = whenIdle(next);
  return () => {
    stopped = true;
    cancel(handle);
  };
}

/**
 * The Home shell (spec 000 §2, §4): top menu, side menu, tab bar and the open screens. The URL decides
 * the screen on view: navigating to a screen path opens its tab or reuses the open one, so screens may
 * simply `navigate()` to each other.
 */
export function HomeShell() {
  const { t } = useTranslation();
  const styles = useStyles();
  const bridge = useBridge();
  const notify = useNotify();
  const navigate = useNavigate();
  const { location, seq: navigationSeq, between: navigationsBetween } = useLiveNavigation();
  const queryClient = useQueryClient();
  const platform = usePlatform();
  const { system, role } = useIdentity();
  const hour = useHour();

  const nav = useBridgeQuery('session.nav', { roleId: role.roleId, menuId: system.menuId });
  useGrantWatch(role.roleId, `${location.pathname}${location.search}`);
  const user = useBridgeQuery('session.currentUser', {});
  const menus = useMemo(() => sortedMenus(nav.data ?? []), [nav.data]);

  const [tabs, dispatch] = useReducer(tabsReducer, EMPTY_TABS);
  const tabsRef = useRef(tabs);
  tabsRef.current = tabs;
  const [reloadSignals, setReloadSignals] = useState<Record<string, number>>({});
  // A first-level menu chosen in the top menu holds until another tab becomes active: the navigation then follows the tab.
  const [chosenGroup, setChosenGroup] = useState<{ menuId: number; activePath: string | null } | null>(null);
  if (chosenGroup && chosenGroup.activePath !== tabs.activePath) setChosenGroup(null);
  const screenActions = useMemo(() => new ScreenActionRegistry(), []);
  const [dialog, setDialog] = useState<'palette' | 'shortcuts' | null>(null);
  /** Tabs the user closed, the latest last: Alt+Shift+T opens them again. */
  const closedTabs = useRef<string[]>([]);
  const rememberClosed = (paths: readonly string[]) => {
    closedTabs.current = [...closedTabs.current.filter((path) => !paths.includes(path)), ...paths].slice(-20);
  };

  // A navigation opens its tab in the render that reads it, not in an effect after it: that would draw the whole shell
  // twice per navigation, the first time for nothing. Every navigation in turn, not only the latest address: the router
  // moves the address in a transition while tab changes apply at once, so navigations can render together (two menu
  // clicks while a screen draws; a close's move to the neighbour and a quick way back to the closed screen), and each
  // one skipped would leave its screen without a tab.
  const [openedNavigation, setOpenedNavigation] = useState<number | null>(null);
  if (openedNavigation !== navigationSeq) {
    setOpenedNavigation(navigationSeq);
    const passed = openedNavigation === null ? [location] : navigationsBetween(openedNavigation, navigationSeq).map((navigation) => navigation.location);
    for (const { pathname, search } of passed) {
      const match = matchScreen(pathname);
      if (match?.kind === 'home') dispatch({ type: 'showHome' });
      else if (match) dispatch({ type: 'open', path: `${pathname}${search}` });
    }
  }

  // The screens this user opened last on this workstation, for Home, also in the navigation's own render.
  const recentKey = user.data ? recentScreensKey(user.data.username, system.menuId) : null;
  const [recent, setRecent] = useState<{ key: string | null; pathname: string; paths: string[] }>({ key: null, pathname: '', paths: [] });
  if (recent.key !== recentKey || recent.pathname !== location.pathname) {
    const stored = recent.key === recentKey ? recent.paths : recentKey ? parseRecent(localStorage.getItem(recentKey)) : [];
    setRecent({ key: recentKey, pathname: location.pathname, paths: recentKey && matchScreen(location.pathname)?.kind === 'feature' ? withRecent(stored, location.pathname) : stored });
  }
  useEffect(() => {
    if (recent.key) localStorage.setItem(recent.key, JSON.stringify(recent.paths));
  }, [recent.key, recent.paths]);

  useEffect(() => {
    document.title = system.appName;
  }, [system.appName]);

  // A list opening later finds its saved views here and asks for its rows at once.
  useEffect(() => {
    void queryClient.prefetchQuery(savedViewsQuery(bridge));
  }, [queryClient, bridge]);

  // The screens of the role's menus are separate chunks: fetched one by one while the browser is idle with their button
  // permissions, so a first open waits for its list only.
  const roleId = role.roleId;
  useEffect(() => {
    if (!nav.data) return;
    return preloadScreens(nav.data, (menuId) => queryClient.prefetchQuery({ ...bridgeQueryOptions(bridge, 'session.buttons', { menuId, roleId }), staleTime: Infinity, meta: { silent: true } }));
  }, [nav.data, queryClient, bridge, roleId]);

  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  /** Applies a tab action and shows the tab it leaves active (or the empty home view). */
  const applyTabs = useCallback((action: TabsAction) => {
    const before = tabsRef.current;
    const after = tabsReducer(before, action);
    dispatch(action);
    if (after.activePath !== before.activePath) navigateRef.current(after.activePath ?? Route.home);
  }, []);

  // One stable closeSelf per tab, so kept screens do not re-render for nothing.
  const closers = useMemo(() => new Map<string, (then?: string) => void>(), []);
  const closerFor = (path: string) => {
    let closer = closers.get(path);
    if (!closer) {
      closer = (then?: string) => {
        if (then === undefined) return applyTabs({ type: 'close', path });
        dispatch({ type: 'close', path });
        navigateRef.current(then);
      };
      closers.set(path, closer);
    }
    return closer;
  };

  /** Closes tabs at once, or once the user agrees to drop what they typed in one of them. */
  const closeTabs = useDiscardGuard();

  // Each tab's description is kept until the navigation changes, so opening or closing a tab leaves the other panes' props as they were.
  const described = useMemo(() => new Map<string, TabScreen>(), [nav.data]);
  const screens = useMemo(() => {
    const describedNow = new Map<string, TabScreen>();
    for (const path of tabs.paths) {
      const screen = described.get(path) ?? describeTab(path, nav.data ?? []);
      described.set(path, screen);
      describedNow.set(path, screen);
    }
    return describedNow;
  }, [tabs.paths, nav.data, described]);
  const titleOf = (path: string) => {
    const screen = screens.get(path);
    return screen ? (screen.menuName ?? t(screen.titleKey)) : path;
  };
  const activeScreen = tabs.activePath ? screens.get(tabs.activePath) : undefined;

  const openPopup = async (page: NavNode, url: string) => {
    if (platform.data?.kind === 'electron') {
      const result = await bridge.views.openPopup(url);
      if (!result.ok) notify.error(result.msg);
      else notify.info(t('external.popupOpened', { title: page.name }));
      return;
    }
    window.open(url, '_blank', 'noopener,noreferrer');
  };

  const openPage = (page: NavNode) => {
    const target = menuTarget(page);
    if (target.kind === 'popup') void openPopup(page, target.url);
    else navigate(target.path);
  };

  const selectTopMenu = (menu: NavNode) => {
    setChosenGroup({ menuId: menu.menuId, activePath: tabs.activePath });
    if (isPage(menu)) openPage(menu);
  };

  const selectTab = (path: string) => {
    if (path === tabs.activePath) {
      // Re-clicking the active external page reloads it (spec 000 §4).
      if (screens.get(path)?.kind === 'external') setTimeout(() => setReloadSignals((signals) => ({ ...signals, [path]: (signals[path] ?? 0) + 1 })), Delay.iframeReloadMs);
      return;
    }
    navigate(path);
  };

  const onLanguageSwitching = () => {
    // Closed at once, before the new language is shown: each kept screen would otherwise be drawn again in it first.
    flushSync(() => applyTabs({ type: 'closeAll' }));
    // Menu names and notices come translated from the server.
    void invalidateBridgeQueries(queryClient);
  };

  const activePane = () => (tabs.activePath ? document.querySelector(`[data-testid="tab-pane"][data-path="${CSS.escape(tabs.activePath)}"]`) : null);
  const stepTab = (step: 1 | -1) => {
    if (tabs.paths.length === 0) return;
    const index = tabs.activePath === null ? (step === 1 ? -1 : tabs.paths.length) : tabs.paths.indexOf(tabs.activePath);
    navigate(tabs.paths[(index + step + tabs.paths.length) % tabs.paths.length]!);
  };
  /** Runs a keyboard command; false when it does not apply here (the key then keeps its usual meaning). */
  const runCommand = (command: ShellCommand): boolean => {
    switch (command) {
      case 'palette':
        setDialog((open) => (open === 'palette' ? null : 'palette'));
        return true;
      case 'shortcuts':
        setDialog('shortcuts');
        return true;
      case 'nextTab':
      case 'previousTab':
        stepTab(command === 'nextTab' ? 1 : -1);
        return tabs.paths.length > 0;
      case 'closeTab': {
        const path = tabs.activePath;
        if (path === null) return false;
        closeTabs([path], () => (rememberClosed([path]), closerFor(path)()));
        return true;
      }
      case 'reopenTab': {
        const path = closedTabs.current.pop();
        if (path !== undefined) navigate(path);
        return path !== undefined;
      }
      case 'focusFilter': {
        const field = activePane()?.querySelector<HTMLElement>('form[role="search"] input, form[role="search"] button');
        field?.focus();
        return field !== undefined && field !== null;
      }
      case 'submitFilter': {
        const form = document.activeElement?.closest<HTMLFormElement>('form[role="search"]');
        form?.requestSubmit();
        return form !== null && form !== undefined;
      }
    }
  };
  const dialogRef = useRef(dialog);
  dialogRef.current = dialog;
  const runCommandRef = useRef(runCommand);
  runCommandRef.current = runCommand;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const command = commandOf(event, isTyping(event.target));
      // While the palette or the shortcuts are open, the keys belong to them; only the palette's own key toggles it.
      if (command && dialogRef.current !== null && command !== 'palette') return;
      // Another dialog or menu keeps every key: nothing opens or moves behind it.
      if (command && dialogRef.current === null && anyOverlayOpen()) return;
      if (command && runCommandRef.current(command)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  const mac = /Mac|iPhone|iPad/.test(navigator.userAgent);

  const activeUrl = activeScreen ? (activeScreen.kind === 'external' ? activeScreen.externalUrl : activeScreen.pathname) : null;
  const group = menus.find((menu) => menu.menuId === chosenGroup?.menuId) ?? (activeUrl ? groupOf(menus, activeUrl) : null) ?? menus[0] ?? null;
  const userName = user.data?.name || user.data?.username || '';

  return (
    <ScreenActionsContext.Provider value={screenActions}>
      <div className={styles.shell} data-testid="home-shell">
        <header className={styles.header}>
          <Title3 as="h1" className={styles.brand}>
            {system.appName}
          </Title3>
          <div className={styles.topMenu}>{nav.isSuccess ? <TopMenu menus={menus} selectedId={group?.menuId ?? null} onSelect={selectTopMenu} /> : null}</div>
          <div className={styles.notices}>
            <ShellNotices />
          </div>
          <div className={styles.user}>
            <Tooltip content={mac ? t('palette.open').replace('Ctrl+', '⌘') : t('palette.open')} relationship="label">
              <Button appearance="subtle" icon={<Search20Regular />} onClick={() => setDialog('palette')} data-testid="open-palette" />
            </Tooltip>
            <Tooltip content={t('shortcuts.open')} relationship="label">
              <Button appearance="subtle" icon={<Keyboard20Regular />} onClick={() => setDialog('shortcuts')} data-testid="open-shortcuts" />
            </Tooltip>
            {userName ? (
              <span className={styles.greetingBox} data-greeting-box>
                <Text className={styles.greeting} data-testid="greeting">
                  {t('home.greetingUser', { greeting: t(greetingKey(hour)), name: userName })}
                </Text>
              </span>
            ) : null}
            <UserMenu userName={userName} onLanguageSwitching={onLanguageSwitching} />
          </div>
        </header>
        <div className={styles.body}>
          <aside className={styles.side}>
            {nav.isPending ? (
              <LoadingState />
            ) : nav.isError ? (
              <ErrorState title={t('app.loadFailed')} error={nav.error} onRetry={() => void nav.refetch()} />
            ) : (
              <SideMenu group={group} currentUrl={activeUrl} onOpen={openPage} />
            )}
          </aside>
          <main className={styles.main}>
            <TabBar
              tabs={tabs.paths.map((path) => ({ path, title: titleOf(path) }))}
              activePath={tabs.activePath}
              onSelect={selectTab}
              onClose={(path) => closeTabs([path], () => (rememberClosed([path]), closerFor(path)()))}
              onCloseAll={() => closeTabs(tabs.paths, () => (rememberClosed(tabs.paths), applyTabs({ type: 'closeAll' })))}
              onCloseOthers={(path) => {
                const others = tabs.paths.filter((other) => other !== path);
                closeTabs(others, () => (rememberClosed(others), applyTabs({ type: 'closeOthers', path })));
              }}
            />
            <div className={styles.content}>
              {tabs.paths.length === 0 || tabs.activePath === null ? (
                <div className={nav.isSuccess ? styles.home : styles.empty} data-testid="empty-view">
                  {nav.isSuccess ? <HomePage nav={nav.data} recent={recent.paths} onOpen={(path) => navigate(path)} /> : <Text size={400}>{t('home.emptyView')}</Text>}
                </div>
              ) : null}
              {/* A screen opens under its menu's button permissions: until the navigation names that menu, it waits. */}
              {nav.isPending ? <LoadingState /> : null}
              {(nav.isPending ? [] : tabs.paths).map((path) => {
                const screen = screens.get(path);
                return screen ? (
                  <TabPane
                    key={path}
                    path={path}
                    screen={screen}
                    title={titleOf(path)}
                    active={path === tabs.activePath}
                    roleId={role.roleId}
                    reloadSignal={reloadSignals[path] ?? 0}
                    closeSelf={closerFor(path)}
                  />
                ) : null;
              })}
            </div>
          </main>
        </div>
        {dialog === 'palette' ? <CommandPalette nav={nav.data ?? []} registry={screenActions} activePath={tabs.activePath} onOpen={openPage} onClose={() => setDialog(null)} /> : null}
        {dialog === 'shortcuts' ? <ShortcutsDialog mac={mac} onClose={() => setDialog(null)} /> : null}
      </div>
    </ScreenActionsContext.Provider>
  );
}
