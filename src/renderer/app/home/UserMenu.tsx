import { Avatar, Button, Menu, MenuDivider, MenuGroup, MenuGroupHeader, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSwap20Regular, Globe20Regular, Key20Regular, QuestionCircle20Regular, SignOut20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../shared/constants';
import { useBridge } from '../../bridge';
import { useOverlayWhile } from '../../components/overlay';
import { useNotify } from '../../components/notify';
import { useIdentity } from '../../components/screen/identity';
import { LanguageMenu } from '../LanguageMenu';
import { ThemeMenu } from '../theme/ThemeMenu';
import { useSignOut } from '../session/sign-out';
import { PasswordChangeDialog } from '../PasswordChangeDialog';
import { HelpDialog } from './HelpDialog';

const useStyles = makeStyles({
  trigger: { maxWidth: '220px' },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  identity: { color: tokens.colorNeutralForeground3 },
});

export interface UserMenuProps {
  userName: string;
  /** The shell closes its tabs and reloads the menu as the language changes (before it is shown). */
  onLanguageSwitching: (locale: Locale) => void;
}

/** Change password, switch system/role, language, help and sign-out. */
export function UserMenu({ userName, onLanguageSwitching }: UserMenuProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const bridge = useBridge();
  const notify = useNotify();
  const identity = useIdentity();
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<'none' | 'password' | 'help'>('none');
  useOverlayWhile(menuOpen);
  // The application menu's Help › User guide (and F1) opens the same dialog.
  useEffect(
    () =>
      bridge.events.subscribe((event) => {
        if (event.type === 'open-help') setDialog('help');
      }),
    [bridge],
  );

  const signOut = useSignOut();

  return (
    <>
      <Menu open={menuOpen} onOpenChange={(_event, data) => setMenuOpen(data.open)}>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" className={styles.trigger} icon={<Avatar name={userName} size={24} />} aria-label={`${userName} (${t('userMenu.label')})`} data-testid="user-menu">
            <span className={styles.name}>{userName}</span>
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader className={styles.identity}>{t('home.identity', { system: identity.system.appName, role: identity.role.roleName })}</MenuGroupHeader>
            </MenuGroup>
            <MenuDivider />
            <MenuItem icon={<Key20Regular />} onClick={() => setDialog('password')} data-testid="menu-change-password">
              {t('userMenu.changePassword')}
            </MenuItem>
            <MenuItem icon={<ArrowSwap20Regular />} onClick={identity.openSwitch} data-testid="menu-switch-identity">
              {t('userMenu.switchIdentity')}
            </MenuItem>
            <LanguageMenu
              onSwitching={onLanguageSwitching}
              trigger={
                <MenuItem icon={<Globe20Regular />} data-testid="menu-language">
                  {t('userMenu.language')}
                </MenuItem>
              }
            />
            <ThemeMenu />
            <MenuItem icon={<QuestionCircle20Regular />} onClick={() => setDialog('help')} data-testid="menu-help">
              {t('userMenu.help')}
            </MenuItem>
            <MenuDivider />
            <MenuItem icon={<SignOut20Regular />} onClick={() => void signOut()} data-testid="menu-sign-out">
              {t('userMenu.signOut')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>

      <PasswordChangeDialog
        open={dialog === 'password'}
        title={t('password.changeTitle')}
        submit={(change) => bridge.auth.changePassword(change)}
        onChanged={() => {
          setDialog('none');
          notify.success(t('password.changed'));
        }}
        onCancel={() => setDialog('none')}
      />
      <HelpDialog open={dialog === 'help'} onClose={() => setDialog('none')} />
    </>
  );
}
