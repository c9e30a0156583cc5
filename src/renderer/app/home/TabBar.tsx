import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Dismiss12Regular, MoreHorizontal20Regular } from '@fluentui/react-icons';
import { memo, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverlayWhile } from '../../components/overlay';
import { paneId, tabId } from './TabPane';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'stretch',
    minHeight: '36px',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  list: { display: 'flex', flexGrow: 1, overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' },
  tab: {
    display: 'flex',
    alignItems: 'center',
    flexShrink: 0,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingRight: tokens.spacingHorizontalXS,
  },
  active: { backgroundColor: tokens.colorNeutralBackground1, boxShadow: `inset 0 -2px 0 ${tokens.colorBrandStroke1}` },
  label: {
    border: 'none',
    background: 'none',
    height: '100%',
    padding: `0 ${tokens.spacingHorizontalS} 0 ${tokens.spacingHorizontalM}`,
    cursor: 'pointer',
    color: 'inherit',
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    maxWidth: '220px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  activeLabel: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', alignItems: 'center', padding: `0 ${tokens.spacingHorizontalXS}` },
});

export interface TabBarTab {
  path: string;
  title: string;
}

export interface TabBarProps {
  tabs: readonly TabBarTab[];
  activePath: string | null;
  onSelect: (path: string) => void;
  onClose: (path: string) => void;
  onCloseAll: () => void;
  onCloseOthers: (path: string) => void;
}

interface TabHandlers {
  onSelect: (path: string) => void;
  onClose: (path: string) => void;
  onKey: (event: KeyboardEvent, path: string) => void;
}

/** The open screens: click to switch, the cross (or a middle click, or Delete) closes, the menu closes all or the others. */
export function TabBar({ tabs, activePath, onSelect, onClose, onCloseAll, onCloseOthers }: TabBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [menuOpen, setMenuOpen] = useState(false);
  useOverlayWhile(menuOpen);

  // The active tab is always in view, however many tabs are open (a tab opened from the menu lands at the end).
  useEffect(() => {
    if (activePath !== null) document.getElementById(tabId(activePath))?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tabs.length]);

  const onKey = (event: KeyboardEvent, path: string) => {
    const index = tabs.findIndex((tab) => tab.path === path);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step !== 0) {
      const next = tabs[(index + step + tabs.length) % tabs.length];
      if (next) document.getElementById(tabId(next.path))?.focus();
      event.preventDefault();
    } else if (event.key === 'Delete') {
      onClose(path);
      event.preventDefault();
    }
  };
  // The tabs' handlers stay the same from render to render, so a navigation draws only the tabs whose state it changes.
  const latest = useRef<TabHandlers>({ onSelect, onClose, onKey });
  useLayoutEffect(() => {
    latest.current = { onSelect, onClose, onKey };
  });
  const [handlers] = useState<TabHandlers>(() => ({
    onSelect: (path) => latest.current.onSelect(path),
    onClose: (path) => latest.current.onClose(path),
    onKey: (event, path) => latest.current.onKey(event, path),
  }));

  return (
    <div className={styles.bar}>
      <div className={styles.list} role="tablist" aria-label={t('tabs.label')} data-testid="tab-bar">
        {tabs.map((tab, index) => (
          <TabItem key={tab.path} path={tab.path} title={tab.title} active={tab.path === activePath} focusable={tab.path === activePath || (activePath === null && index === 0)} handlers={handlers} />
        ))}
      </div>
      <div className={styles.actions}>
        <Menu open={menuOpen} onOpenChange={(_event, data) => setMenuOpen(data.open)}>
          <MenuTrigger disableButtonEnhancement>
            <Button appearance="subtle" icon={<MoreHorizontal20Regular />} aria-label={t('tabs.actions')} disabled={tabs.length === 0} data-testid="tab-actions" />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem onClick={onCloseAll} data-testid="tabs-close-all">
                {t('tabs.closeAll')}
              </MenuItem>
              <MenuItem disabled={activePath === null} onClick={() => activePath && onCloseOthers(activePath)} data-testid="tabs-close-others">
                {t('tabs.closeOthers')}
              </MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
    </div>
  );
}

/** One tab: drawn again only when its own title, state or focus changes. */
const TabItem = memo(function TabItem({ path, title, active, focusable, handlers }: { path: string; title: string; active: boolean; focusable: boolean; handlers: TabHandlers }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.tab, active && styles.active)} role="presentation" data-testid="tab" data-path={path}>
      <button
        type="button"
        role="tab"
        id={tabId(path)}
        aria-selected={active}
        aria-controls={paneId(path)}
        tabIndex={focusable ? 0 : -1}
        className={mergeClasses(styles.label, active && styles.activeLabel)}
        onClick={() => handlers.onSelect(path)}
        onAuxClick={(event) => event.button === 1 && handlers.onClose(path)}
        onKeyDown={(event) => handlers.onKey(event, path)}
        title={title}
      >
        {title}
      </button>
      <Button appearance="transparent" size="small" icon={<Dismiss12Regular />} aria-label={t('tabs.close', { title })} onClick={() => handlers.onClose(path)} tabIndex={-1} data-testid="tab-close" />
    </div>
  );
});
