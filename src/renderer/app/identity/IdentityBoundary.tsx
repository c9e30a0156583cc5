import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SessionState } from '../../../shared/bridge';
import type { SystemEntry } from '../../../shared/contract/session';
import { Route } from '../../../shared/routes';
import { unwrap, useBridge } from '../../bridge';
import { useDiscardGuard } from '../../components/form/unsaved-changes';
import { IdentityContext, type Identity, type IdentityContextValue } from '../../components/screen/identity';
import { ErrorState, LoadingState, errorMessage } from '../../components/states';
import { invalidateBridgeQueries, useBridgeQuery } from '../../hooks/bridge-query';
import { SESSION_STATE_KEY, useSessionState } from '../session/SessionBoundary';
import { useSignOut } from '../session/sign-out';
import { initialChoice, isSingleSystem, type IdentityChoice } from './choice';
import { IdentityDialog } from './IdentityDialog';

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
  const [choice, setChoice] = useState<IdentityChoice | null>(null);
  const [dialog, setDialog] = useState<'closed' | 'mandatory' | 'switch'>('closed');
  const renewedForSingle = useRef(false);
  const signOut = useSignOut();
  // A switch starts the shell over: typed changes in its tabs would be lost.
  const discardGuard = useDiscardGuard();

  const choose = useMutation({
    mutationFn: async (next: IdentityChoice) => {
      await unwrap(bridge.session.choose(next));
      // The session now holds the choice: a later mount of this boundary (back from a full-page 404) restores it.
      queryClient.setQueryData(SESSION_STATE_KEY, (previous: SessionState | undefined) => previous && { ...previous, roleId: next.roleId, systemMenuId: next.systemMenuId });
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
      if (!choice) {
        setChoice(next);
        setDialog('closed');
        return;
      }
      // A switch: the shell starts over on the home view, and every screen's data is reloaded for the new role.
      navigate(Route.home, { replace: true });
      void invalidateBridgeQueries(queryClient);
      // The router moves in a transition: the new shell mounts in the same one, on the home address, and so
      // reopens none of the old tabs.
      startTransition(() => {
        setChoice(next);
        setDialog('closed');
      });
    },
  });

  const chooseIdentity = choose.mutate;
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !systems.data) return;
    started.current = true;
    // Only this session's own choice is restored (a reload of the window): after a sign-in the dialog asks.
    const automatic = initialChoice(systems.data, [{ systemMenuId: session.systemMenuId, roleId: session.roleId }]);
    if (automatic) chooseIdentity(automatic, { onError: () => setDialog('mandatory') });
    else if (systems.data.length > 0) setDialog('mandatory');
  }, [systems.data, session, chooseIdentity]);

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
        <Button onClick={() => void signOut()}>{t('userMenu.signOut')}</Button>
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
        onSignOut={() => void signOut()}
        // Kept typing: back to it, with the shell as it was.
        onChoose={(next) =>
          discardGuard(
            null,
            () => choose.mutate(next),
            () => setDialog('closed'),
          )
        }
        onCancel={() => {
          choose.reset();
          setDialog('closed');
        }}
      />
    </>
  );
}
