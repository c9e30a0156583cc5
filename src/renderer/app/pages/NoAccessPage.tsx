import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosed48Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Route } from '../../../shared/routes';
import { useShellTab } from '../../components/screen/shell-tab';
import { StatusPage } from './StatusPage';

const useStyles = makeStyles({
  icon: { color: tokens.colorNeutralForeground3 },
});

/**
 * A screen the current role holds no menu for (a typed address, an old link): said plainly, with the way
 * home. The screen itself is never loaded, so none of its data is asked for.
 */
export function NoAccessPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { closeSelf } = useShellTab();
  return (
    <StatusPage
      testId="no-access"
      icon={<LockClosed48Regular className={styles.icon} aria-hidden />}
      title={t('noAccess.title')}
      message={t('noAccess.message')}
      action={
        <Button appearance="primary" onClick={() => closeSelf(Route.home)} data-testid="no-access-home">
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
