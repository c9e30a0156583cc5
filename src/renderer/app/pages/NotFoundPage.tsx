import { Button, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Route } from '../../../shared/routes';

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
  code: { fontSize: '72px', lineHeight: '1', color: tokens.colorBrandForeground1 },
});

/** Unknown paths (full page) and menu targets that match no screen (inside the shell: /in-404). */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const styles = useStyles();
  return (
    <main className={styles.root} data-testid="not-found">
      <Title1 as="h1" className={styles.code}>
        {t('notFound.title')}
      </Title1>
      <Text size={400}>{t('notFound.message')}</Text>
      {inShell ? null : (
        <Button appearance="primary" onClick={() => navigate(Route.home)}>
          {t('notFound.home')}
        </Button>
      )}
    </main>
  );
}
