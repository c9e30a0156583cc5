import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SignOut20Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogWidth } from '../../../shared/constants';
import type { SystemEntry } from '../../../shared/contract/session';
import { useOverlayWhile } from '../../components/overlay';
import type { IdentityChoice } from './choice';

const useStyles = makeStyles({
  surface: { width: `${DialogWidth.identity}px`, maxWidth: '95vw' },
  columns: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalXL, minHeight: '240px' },
  column: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalM,
    maxHeight: '50vh',
    overflowY: 'auto',
  },
  heading: { fontWeight: tokens.fontWeightSemibold },
  secondary: { color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalS },
  error: { marginTop: tokens.spacingVerticalM },
});

export interface IdentityDialogProps {
  open: boolean;
  systems: readonly SystemEntry[];
  /** The current choice, preselected when switching. */
  current: IdentityChoice | null;
  /** After sign-in the user must choose: no cancel, no Escape, no click outside. */
  mandatory: boolean;
  busy: boolean;
  error: string | null;
  onChoose: (choice: IdentityChoice) => void;
  onCancel: () => void;
  /** The way out of the mandatory choice: sign out. */
  onSignOut: () => void;
}

/** The system-and-role dialog (850px): systems on the left, the chosen system's roles on the right. */
export function IdentityDialog({ open, systems, current, mandatory, busy, error, onChoose, onCancel, onSignOut }: IdentityDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  useOverlayWhile(open);
  const [systemMenuId, setSystemMenuId] = useState<number | null>(null);
  const [roleId, setRoleId] = useState<number | null>(null);

  // Preselects once per opening (and again only if the picked system disappears), so a re-render of the
  // shell behind the dialog never undoes what the user picked.
  const preselected = useRef(false);
  useEffect(() => {
    if (!open) {
      preselected.current = false;
      return;
    }
    if (preselected.current && systems.some((entry) => entry.menuId === systemMenuId)) return;
    const system = systems.find((entry) => entry.menuId === current?.systemMenuId) ?? systems[0];
    setSystemMenuId(system?.menuId ?? null);
    setRoleId(system?.roleList.some((role) => role.roleId === current?.roleId) ? (current?.roleId ?? null) : (system?.roleList[0]?.roleId ?? null));
    preselected.current = system !== undefined;
  }, [open, systems, current, systemMenuId]);

  const system = systems.find((entry) => entry.menuId === systemMenuId);
  const pickSystem = (value: string) => {
    const next = systems.find((entry) => entry.menuId === Number(value));
    setSystemMenuId(next?.menuId ?? null);
    setRoleId(next?.roleList[0]?.roleId ?? null);
  };

  return (
    <Dialog open={open} modalType={mandatory ? 'alert' : 'modal'} onOpenChange={(_event, data) => !data.open && !mandatory && !busy && onCancel()}>
      <DialogSurface className={styles.surface} data-testid="identity-dialog">
        <DialogBody>
          <DialogTitle>{t('identity.title')}</DialogTitle>
          <DialogContent>
            <div className={styles.columns}>
              <div className={styles.column}>
                <Text id="identity-systems" className={styles.heading}>
                  {t('identity.systems')}
                </Text>
                <RadioGroup aria-labelledby="identity-systems" value={systemMenuId === null ? '' : String(systemMenuId)} onChange={(_event, data) => pickSystem(data.value)}>
                  {systems.map((entry) => (
                    <Radio
                      key={entry.menuId}
                      value={String(entry.menuId)}
                      label={
                        <>
                          {entry.appName}
                          <span className={styles.secondary}>{t('identity.version', { version: entry.sysVersion })}</span>
                        </>
                      }
                    />
                  ))}
                </RadioGroup>
              </div>
              <div className={styles.column}>
                <Text id="identity-roles" className={styles.heading}>
                  {t('identity.roles')}
                </Text>
                {!system ? (
                  <Text>{t('identity.pickSystem')}</Text>
                ) : system.roleList.length === 0 ? (
                  <Text>{t('identity.noRoles')}</Text>
                ) : (
                  <RadioGroup aria-labelledby="identity-roles" value={roleId === null ? '' : String(roleId)} onChange={(_event, data) => setRoleId(Number(data.value))}>
                    {system.roleList.map((role) => (
                      <Radio
                        key={role.roleId}
                        value={String(role.roleId)}
                        label={
                          <>
                            {role.roleName}
                            <span className={styles.secondary}>{role.deptName}</span>
                          </>
                        }
                      />
                    ))}
                  </RadioGroup>
                )}
              </div>
            </div>
            {error ? (
              <MessageBar intent="error" className={styles.error}>
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            ) : null}
          </DialogContent>
          <DialogActions>
            {mandatory ? (
              <Button appearance="secondary" icon={<SignOut20Regular />} onClick={onSignOut} disabled={busy} data-testid="identity-sign-out">
                {t('userMenu.signOut')}
              </Button>
            ) : (
              <Button appearance="secondary" onClick={onCancel} disabled={busy}>
                {t('common.cancel')}
              </Button>
            )}
            <Button
              appearance="primary"
              disabled={busy || systemMenuId === null || roleId === null}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={() => systemMenuId !== null && roleId !== null && onChoose({ systemMenuId, roleId })}
              data-testid="identity-enter"
            >
              {t('identity.enter')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
