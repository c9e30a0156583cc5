import { Menu, MenuItem, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { DarkTheme20Regular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THEMES, type ThemeChoice } from '../../../shared/constants';
import { useTheme } from '../../components/screen/theme';
import { submenuOpenChange } from '../../components/submenu';

/** The user menu's theme choice: follow the system, light, dark or high contrast. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const theme = useTheme();
  const choose = useMutation({ mutationFn: (choice: ThemeChoice) => theme.choose(choice) });
  const [open, setOpen] = useState(false);
  return (
    <Menu
      open={open}
      onOpenChange={submenuOpenChange(setOpen)}
      checkedValues={{ theme: [theme.choice] }}
      onCheckedValueChange={(_event, data) => {
        const chosen = data.checkedItems[0] as ThemeChoice | undefined;
        if (chosen) choose.mutate(chosen);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <MenuItem icon={<DarkTheme20Regular />} data-testid="menu-theme">
          {t('userMenu.theme')}
        </MenuItem>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {THEMES.map((item) => (
            <MenuItemRadio key={item} name="theme" value={item} data-testid={`theme-${item}`}>
              {t(`theme.${item}`)}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
