import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from './shortcuts';

const useStyles = makeStyles({
  surface: { width: '560px', maxWidth: '95vw' },
  key: {
    fontFamily: tokens.fontFamilyMonospace,
    padding: `0 ${tokens.spacingHorizontalXS}`,
    marginRight: tokens.spacingHorizontalXS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
  },
});

/** The keyboard shortcuts (Ctrl+/ or ?), as the shell's handler reads them. On macOS Ctrl reads ⌘. */
export function ShortcutsDialog({ mac, onClose }: { mac: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const shown = (keys: string) => (mac ? keys.replace('Ctrl+', '⌘').replace('Alt+', '⌥') : keys);
  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} data-testid="shortcuts-dialog">
        <DialogBody>
          <DialogTitle>{t('shortcuts.title')}</DialogTitle>
          <DialogContent>
            <Table size="small" aria-label={t('shortcuts.title')}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('shortcuts.command')}</TableHeaderCell>
                  <TableHeaderCell>{t('shortcuts.keys')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {SHORTCUTS.map(({ command, keys }) => (
                  <TableRow key={command} data-testid={`shortcut-${command}`}>
                    <TableCell>{t(`shortcuts.${command}`)}</TableCell>
                    <TableCell>
                      {keys.map((key) => (
                        <kbd key={key} className={styles.key}>
                          {shown(key)}
                        </kbd>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose} data-testid="shortcuts-close">
              {t('shortcuts.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
