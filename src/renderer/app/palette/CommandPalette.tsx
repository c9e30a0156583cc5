import { Dialog, DialogBody, DialogSurface, DialogTitle, Input, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Search20Regular } from '@fluentui/react-icons';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Locale } from '../../../shared/constants';
import type { NavNode } from '../../../shared/contract/session';
import { consoleLinkPath } from './console-link';
import { matchScreens, paletteScreens } from './palette';
import { useScreenActions, type ScreenAction, type ScreenActionRegistry } from '../../components/screen/screen-actions';

const useStyles = makeStyles({
  surface: { width: '640px', maxWidth: '95vw', padding: tokens.spacingVerticalM },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { maxHeight: '50vh', overflowY: 'auto', margin: 0, padding: 0, listStyleType: 'none' },
  heading: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, color: tokens.colorNeutralForeground3 },
  option: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
  },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected, outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  trail: { color: tokens.colorNeutralForeground3 },
});

type Entry = { kind: 'action'; action: ScreenAction } | { kind: 'screen'; node: NavNode; title: string; trail: string } | { kind: 'link'; path: string };

/**
 * The command palette (Ctrl+K / ⌘K): finds any screen of the current role's menus by its name in the interface
 * language, its Chinese name or its route, and the actions of the screen on view (add, refresh, export where
 * permitted). Arrow keys choose, Enter runs, Escape closes; the focus stays in the search field throughout.
 */
export function CommandPalette({
  nav,
  registry,
  activePath,
  onOpen,
  onClose,
}: {
  nav: readonly NavNode[];
  registry: ScreenActionRegistry;
  activePath: string | null;
  onOpen: (node: NavNode) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const actions = useScreenActions(registry, activePath);
  const styles = useStyles();
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const screens = useMemo(() => paletteScreens(nav, i18n.language as Locale), [nav, i18n.language]);
  const words = query.trim().toLowerCase();
  // A pasted console link (a list view's "Copy link") opens as a tab: Electron has no address bar.
  const linkPath = consoleLinkPath(query);
  const navigate = useNavigate();
  const entries: Entry[] = [
    ...(linkPath === null ? [] : [{ kind: 'link', path: linkPath } satisfies Entry]),
    ...actions.filter((action) => words === '' || action.label.toLowerCase().includes(words)).map((action): Entry => ({ kind: 'action', action })),
    ...matchScreens(screens, query).map((screen): Entry => ({ kind: 'screen', node: screen.node, title: screen.title, trail: screen.trail })),
  ];
  const active = Math.min(activeIndex, Math.max(entries.length - 1, 0));

  const run = (entry: Entry | undefined) => {
    if (!entry) return;
    onClose();
    if (entry.kind === 'action') entry.action.run();
    else if (entry.kind === 'link') navigate(entry.path);
    else onOpen(entry.node);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((active + step + entries.length) % Math.max(entries.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(entries[active]);
    }
  };
  const optionId = (index: number) => `command-palette-option-${index}`;
  const firstScreen = entries.findIndex((entry) => entry.kind === 'screen');
  const firstAction = entries.findIndex((entry) => entry.kind === 'action');

  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-describedby={undefined} data-testid="command-palette">
        <DialogBody className={styles.body}>
          <DialogTitle>{t('palette.title')}</DialogTitle>
          <Input
            autoFocus
            value={query}
            contentBefore={<Search20Regular />}
            placeholder={t('palette.placeholder')}
            onChange={(_event, data) => {
              setQuery(data.value);
              setActiveIndex(0);
            }}
            onKeyDown={onKeyDown}
            role="combobox"
            aria-expanded
            aria-controls="command-palette-list"
            aria-activedescendant={entries.length > 0 ? optionId(active) : undefined}
            aria-label={t('palette.placeholder')}
            data-testid="command-palette-input"
          />
          <Text size={200} className={styles.trail}>
            {t('palette.hint')}
          </Text>
          {entries.length === 0 ? (
            <Text data-testid="command-palette-empty">{t('palette.noMatch')}</Text>
          ) : (
            <ul id="command-palette-list" role="listbox" aria-label={t('palette.title')} className={styles.list}>
              {entries.map((entry, index) => (
                <li key={entry.kind === 'action' ? `action-${entry.action.id}` : entry.kind === 'link' ? 'link' : `screen-${entry.node.menuId}`} role="presentation">
                  {index === firstAction ? (
                    <Text size={200} weight="semibold" className={styles.heading} as="p">
                      {t('palette.actions')}
                    </Text>
                  ) : null}
                  {index === firstScreen ? (
                    <Text size={200} weight="semibold" className={styles.heading} as="p">
                      {t('palette.screens')}
                    </Text>
                  ) : null}
                  <div
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    className={mergeClasses(styles.option, index === active && styles.active)}
                    onMouseEnter={() => setActiveIndex(index)}
                    onClick={() => run(entry)}
                    data-testid={
                      entry.kind === 'action' ? `command-palette-action-${entry.action.id}` : entry.kind === 'link' ? 'command-palette-link' : `command-palette-screen-${entry.node.url.trim()}`
                    }
                  >
                    <Text>{entry.kind === 'action' ? entry.action.label : entry.kind === 'link' ? t('listViews.openLink') : entry.title}</Text>
                    <Text size={200} className={styles.trail}>
                      {entry.kind === 'action' ? t('palette.actionHint') : entry.kind === 'link' ? t('listViews.openLinkHint') : entry.trail}
                    </Text>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
