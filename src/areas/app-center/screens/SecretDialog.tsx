import { useTranslation } from 'react-i18next';
import type { IssuedSecret } from '../contract';
import { ShownOnceDialog } from '../../../renderer/components/dialog/ShownOnceDialog';

/** A secret the server just made (a new application, a regenerated secret): the only time anyone sees it. */
export function SecretDialog({ issued, onClose }: { issued: IssuedSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      value={issued?.appSecret ?? null}
      title={t('appCenter.secret.title')}
      {...(issued && { intro: t('appCenter.secret.for', { clientId: issued.clientId }) })}
      label={t('appCenter.field.secret')}
      copyLabel={t('appCenter.secret.copy')}
      notice={t('appCenter.secret.warning')}
      closeLabel={t('appCenter.secret.done')}
      testId="app-secret"
      onClose={onClose}
    />
  );
}
