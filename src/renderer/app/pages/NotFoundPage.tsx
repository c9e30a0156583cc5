import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Route } from '../../../shared/routes';
import { StatusPage } from './StatusPage';

const useStyles = makeStyles({
  code: { fontSize: '72px', lineHeight: '1', color: tokens.colorBrandForeground1 },
});

/** Unknown paths (full page) and menu targets that match no screen (inside the shell: /in-404). */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const styles = useStyles();
  return (
    <StatusPage
      testId="not-found"
      title={t('notFound.title')}
      titleClassName={styles.code}
      message={t('notFound.message')}
      action={
        inShell ? null : (
          <Button appearance="primary" onClick={() => navigate(Route.home)}>
            {t('notFound.home')}
          </Button>
        )
      }
    />
  );
}
