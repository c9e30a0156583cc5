import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RoleEntry, SystemEntry } from '../../../shared/contract/session';
import { Route } from '../../../shared/routes';
import { unwrap, useBridge } from '../../bridge';
import { ErrorState, LoadingState, errorMessage } from '../../components/states';
import { invalidateBridgeQueries, useBridgeQuery } from '../../hooks/bridge-query';
import { useSessionState } from '../session/SessionBoundary';
import { initialChoice, isSingleSystem, type IdentityChoice } from './choice';
import { IdentityDialog } from './IdentityDialog';

export const SETTINGS_KEY = ['bridge', 'settings.get'] as const;

export interface Identity {
  system: SystemEntry;
  role: RoleEntry;
  systems: readonly SystemEntry[];
}

interface IdentityContextValue extends Identity {
  /** Opens the system-and-role dialog; a new choice reloads the menu, the user info and the tabs. */
  openSwitch: () => void;
}

const IdentityContext = createContext<IdentityContextValue | null>(null);

export function useIdentity(): IdentityContextValue {
  const identity = useContext(IdentityContext);
  if (!identity) throw new Error('useIdentity needs an IdentityBoundary');
  return identity;
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingVerticalL, height: '100%', padding: tokens.spacingHorizontalXXL },
});

function resolveIdentity(systems: readonly SystemEntry[], choice: IdentityChoice | null): Identity | null {
  const system = systems.find((entry) => entry.menuId === choice?.systemMenuId);
  const role = system?.roleList.find((entry) => entry.roleId === choice?.roleId);
  return system && role ? { system, role, systems } : null;
}

/**
 * After sign-in: loads the systems, restores the stored choice or takes the only system, and otherwise
 * asks with the mandatory identity dialog (spec 000 §4). Its children render once a system and role are set.
 */
export function IdentityBoundary({ children }: { children: (identity: Identity) => ReactNode }) {
  const bridge = useBridge();
  const session = useSessionState();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const styles = useStyles();

  const systems = useBridgeQuery('session.roleSystems', {}, { staleTime: Infinity });
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => unwrap(bridge.settings.get()), meta: { silent: true } });
  const [choice, setChoice] = useState<IdentityChoice | null>(null);
  const [dialog, setDialog] = useState<'closed' | 'mandatory' | 'switch'>('closed');
  const renewedForSingle = useRef(false);

  const choose = useMutation({
    mutationFn: async (next: IdentityChoice) => {
      await unwrap(bridge.session.choose(next));
      await unwrap(bridge.settings.set({ lastSystemMenuId: next.systemMenuId, lastRoleId: next.roleId }));
      const system = systems.data?.find((entry) => entry.menuId === next.systemMenuId);
      if (system && isSingleSystem(system.appFlag) && !renewedForSingle.current) {
        await unwrap(bridge.auth.renewForSingleSystem());
        renewedForSingle.current = true;
      }
      return next;
    },
    // The dialog shows the failure itself.
    meta: { silent: true },
    onSuccess: (next) => {
      if (choice) {
        // A switch: the shell starts over on the home view, and every screen's data is reloaded for the new role.
        navigate(Route.home, { replace: true });
        void invalidateBridgeQueries(queryClient);
      }
      queryClient.setQueryData(SETTINGS_KEY, (previous: typeof settings.data) => (previous ? { ...previous, lastSystemMenuId: next.systemMenuId, lastRoleId: next.roleId } : previous));
      setChoice(next);
      setDialog('closed');
    },
  });

  const chooseIdentity = choose.mutate;
  const settingsSettled = settings.isSuccess || settings.isError;
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !systems.data || !settingsSettled) return;
    started.current = true;
    const automatic = initialChoice(systems.data, [
      { systemMenuId: session.systemMenuId, roleId: session.roleId },
      { systemMenuId: settings.data?.lastSystemMenuId ?? null, roleId: settings.data?.lastRoleId ?? null },
    ]);
    if (automatic) chooseIdentity(automatic, { onError: () => setDialog('mandatory') });
    else if (systems.data.length > 0) setDialog('mandatory');
  }, [systems.data, settingsSettled, settings.data, session, chooseIdentity]);

  const identity = useMemo(() => resolveIdentity(systems.data ?? [], choice), [systems.data, choice]);
  const contextValue = useMemo<IdentityContextValue | null>(() => (identity ? { ...identity, openSwitch: () => setDialog('switch') } : null), [identity]);

  if (systems.isPending) return <LoadingState fill />;
  if (systems.isError) {
    return (
      <div className={styles.page}>
        <ErrorState title={t('app.loadFailed')} error={systems.error} onRetry={() => void systems.refetch()} />
      </div>
    );
  }
  if (systems.data.length === 0) {
    return (
      <div className={styles.page} data-testid="no-systems">
        <Text size={500}>{t('identity.noSystems')}</Text>
        <Button onClick={() => void bridge.auth.signOut().finally(() => navigate(Route.login, { replace: true }))}>{t('userMenu.signOut')}</Button>
      </div>
    );
  }

  return (
    <>
      {contextValue ? <IdentityContext.Provider value={contextValue}>{children(contextValue)}</IdentityContext.Provider> : <LoadingState fill />}
      <IdentityDialog
        open={dialog !== 'closed'}
        systems={systems.data}
        current={choice}
        mandatory={dialog === 'mandatory'}
        busy={choose.isPending}
        error={choose.isError ? errorMessage(choose.error, t('message.operationFailed')) : null}
        onChoose={(next) => choose.mutate(next)}
        onCancel={() => {
          choose.reset();
          setDialog('closed');
        }}
      />
    </>
  );
}
