import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Route } from '../../../shared/routes';
import { useBridge } from '../../bridge';
import { useConfirm } from '../../components/ConfirmDialog';

/**
 * Sign-out as spec 000 §4 has it: a question first, then the sign-in page, which clears the session but the user id.
 * Whatever the server answers, the local session ends.
 */
export function useSignOut(): () => Promise<void> {
  const bridge = useBridge();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { t } = useTranslation();
  return useCallback(async () => {
    if (!(await confirm({ title: t('signOut.title'), message: t('signOut.confirm') }))) return;
    await bridge.auth.signOut();
    navigate(Route.login, { replace: true });
  }, [bridge, confirm, navigate, t]);
}
