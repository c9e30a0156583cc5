import { Button, Subtitle2, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { NavNode } from '../../../shared/contract/session';
import { menuIcon } from './menu-icons';
import { isPage, sortedMenus } from './nav';

const useStyles = makeStyles({
  nav: { display: 'flex', flexDirection: 'column', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`, gap: tokens.spacingVerticalXXS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  nested: { paddingLeft: tokens.spacingHorizontalM },
  heading: {
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalXS}`,
    color: tokens.colorNeutralForeground3,
    fontWeight: tokens.fontWeightSemibold,
  },
  // A long name (German) wraps onto a second line aligned with the first, not centred under it.
  item: { width: '100%', justifyContent: 'flex-start', textAlign: 'left', fontWeight: tokens.fontWeightRegular },
  current: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  empty: { padding: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
  title: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    marginBottom: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground1,
  },
});

export interface SideMenuProps {
  /** The chosen first-level menu. */
  group: NavNode | null;
  /** The url of the screen on view, to mark its page. */
  currentUrl: string | null;
  onOpen: (page: NavNode) => void;
}

function PageList({ nodes, currentUrl, onOpen, depth }: { nodes: readonly NavNode[]; currentUrl: string | null; onOpen: (page: NavNode) => void; depth: number }) {
  const styles = useStyles();
  return (
    <ul className={mergeClasses(styles.list, depth > 0 && styles.nested)}>
      {sortedMenus(nodes).map((node) =>
        isPage(node) ? (
          <li key={node.menuId}>
            <Button
              appearance="subtle"
              className={mergeClasses(styles.item, node.url === currentUrl && styles.current)}
              aria-current={node.url === currentUrl ? 'page' : undefined}
              onClick={() => onOpen(node)}
            >
              {node.name}
            </Button>
          </li>
        ) : (
          <li key={node.menuId}>
            <Text className={styles.heading} id={`side-group-${node.menuId}`}>
              {node.name}
            </Text>
            <PageList nodes={node.children} currentUrl={currentUrl} onOpen={onOpen} depth={depth + 1} />
          </li>
        ),
      )}
    </ul>
  );
}

/** The chosen first-level menu under its name and icon, with its pages (a first-level menu that is itself a page is listed alone). */
export function SideMenu({ group, currentUrl, onOpen }: SideMenuProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const nodes = group ? (isPage(group) ? [group] : group.children) : [];
  return (
    <nav className={styles.nav} aria-label={t('home.sideMenu')} data-testid="side-menu">
      {group ? (
        <Subtitle2 as="h2" className={styles.title} data-testid="side-menu-title">
          {menuIcon(group.icon)}
          {group.name}
        </Subtitle2>
      ) : null}
      {nodes.length === 0 ? <Text className={styles.empty}>{t('home.noMenus')}</Text> : <PageList nodes={nodes} currentUrl={currentUrl} onOpen={onOpen} depth={0} />}
    </nav>
  );
}
