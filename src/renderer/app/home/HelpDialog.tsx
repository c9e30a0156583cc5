import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unwrap, useBridge } from '../../bridge';
import { useOverlayWhile } from '../../components/overlay';
import { ErrorState, LoadingState } from '../../components/states';
import { currentLocale } from '../../i18n';
import { useLiveLocation } from '../console-router';
import { helpUrlAt } from './help-section';

const useStyles = makeStyles({
  surface: { width: '90vw', maxWidth: '1200px' },
  content: { height: '75vh', display: 'flex', flexDirection: 'column' },
  frame: { flexGrow: 1, width: '100%', border: 'none' },
});

/** The bundled help PDF in the user's language, shown offline, open at the section of the screen the user is on. */
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const bridge = useBridge();
  const styles = useStyles();
  useOverlayWhile(open);
  const locale = currentLocale(i18n);
  const { pathname } = useLiveLocation();
  const pdf = useQuery({ queryKey: ['bridge', 'help.pdfUrl', locale], queryFn: () => unwrap(bridge.help.pdfUrl(locale)), enabled: open, staleTime: Infinity, meta: { silent: true } });

  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} data-testid="help-dialog">
        <DialogBody>
          <DialogTitle>{t('help.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            {pdf.isPending ? (
              <LoadingState />
            ) : pdf.isError ? (
              <ErrorState title={t('app.loadFailed')} error={pdf.error} onRetry={() => void pdf.refetch()} />
            ) : (
              <iframe className={styles.frame} src={helpUrlAt(pdf.data.url, pathname)} title={t('help.frame')} />
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
