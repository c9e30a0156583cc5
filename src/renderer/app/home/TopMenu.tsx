import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDown16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavNode } from '../../../shared/contract/session';
import { useOverlayWhile } from '../../components/overlay';
import { useWindowWidth } from './hooks';
import { splitTopMenu } from './top-menu';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, minWidth: 0, overflow: 'hidden' },
  item: { flexShrink: 0, whiteSpace: 'nowrap' },
  selected: { color: tokens.colorBrandForeground1, boxShadow: `inset 0 -2px 0 ${tokens.colorBrandStroke1}`, borderRadius: 0 },
});

export interface TopMenuProps {
  menus: readonly NavNode[];
  selectedId: number | null;
  onSelect: (menu: NavNode) => void;
}

/** The system's first-level menus: 6, 7, 9, 12 or 14 of them by window width, the rest under 'more'. */
export function TopMenu({ menus, selectedId, onSelect }: TopMenuProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const width = useWindowWidth();
  const [moreOpen, setMoreOpen] = useState(false);
  useOverlayWhile(moreOpen);
  const { shown, more } = splitTopMenu(menus, width);
  const moreSelected = more.some((menu) => menu.menuId === selectedId);

  return (
    <nav className={styles.bar} aria-label={t('home.topMenu')} data-testid="top-menu">
      {shown.map((menu) => (
        <Button
          key={menu.menuId}
          appearance="subtle"
          className={mergeClasses(styles.item, menu.menuId === selectedId && styles.selected)}
          aria-current={menu.menuId === selectedId ? 'true' : undefined}
          onClick={() => onSelect(menu)}
        >
          {menu.name}
        </Button>
      ))}
      {more.length > 0 ? (
        <Menu open={moreOpen} onOpenChange={(_event, data) => setMoreOpen(data.open)}>
          <MenuTrigger disableButtonEnhancement>
            <Button appearance="subtle" icon={<ChevronDown16Regular />} iconPosition="after" className={mergeClasses(styles.item, moreSelected && styles.selected)} data-testid="top-menu-more">
              {t('home.more')}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {more.map((menu) => (
                <MenuItem key={menu.menuId} onClick={() => onSelect(menu)}>
                  {menu.name}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      ) : null}
    </nav>
  );
}
