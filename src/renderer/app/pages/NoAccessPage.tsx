import { Button, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosed48Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Route } from '../../../shared/routes';
import { useShellTab } from '../../components/screen/shell-tab';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    height: '100%',
    minHeight: '240px',
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center',
  },
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
    <main className={styles.root} data-testid="no-access">
      <LockClosed48Regular className={styles.icon} aria-hidden />
      <Title1 as="h1">{t('noAccess.title')}</Title1>
      <Text size={400}>{t('noAccess.message')}</Text>
      <Button appearance="primary" onClick={() => closeSelf(Route.home)} data-testid="no-access-home">
        {t('notFound.home')}
      </Button>
    </main>
  );
}
