import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { Warning24Filled } from '@fluentui/react-icons';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverlayWhile } from './overlay';

export interface ConfirmOptions {
  /** Defaults to 'Notice' (message.confirmTitle). */
  title?: string;
  message: string;
  confirmLabel?: string;
  /** A question whose yes destroys something (a delete, discarded typing): a warning sign and a red confirm button. */
  destructive?: boolean;
}

const useStyles = makeStyles({
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  warning: { color: tokens.colorStatusDangerForeground1, flexShrink: 0 },
  destructive: {
    backgroundColor: tokens.colorStatusDangerBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorStatusDangerBackground3Hover, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorStatusDangerBackground3Pressed, color: tokens.colorNeutralForegroundOnBrand },
  },
});

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  /** Shows a spinner on the confirm button and keeps the dialog open while the action runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question (delete, sign out): Escape and the cancel button both answer no. */
export function ConfirmDialog({ open, title, message, confirmLabel, destructive = false, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  useOverlayWhile(open);
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_event, data) => !data.open && !busy && onCancel()}>
      <DialogSurface data-testid="confirm-dialog" aria-describedby="confirm-dialog-message">
        <DialogBody>
          <DialogTitle className={destructive ? styles.title : undefined}>
            {destructive ? <Warning24Filled className={styles.warning} aria-hidden /> : null}
            {title ?? t('message.confirmTitle')}
          </DialogTitle>
          <DialogContent id="confirm-dialog-message">{message}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel} disabled={busy} data-testid="confirm-dialog-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              appearance="primary"
              className={destructive ? styles.destructive : undefined}
              onClick={onConfirm}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              data-destructive={destructive || undefined}
              data-testid="confirm-dialog-ok"
            >
              {confirmLabel ?? t('common.confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

type Ask = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/** Hosts one confirm dialog for the whole app; `useConfirm()` asks through it. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const ask = useCallback<Ask>((options) => {
    resolver.current?.(false);
    setRequest(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setRequest(null);
  };

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <ConfirmDialog
        open={request !== null}
        message={request?.message ?? ''}
        title={request?.title}
        confirmLabel={request?.confirmLabel}
        destructive={request?.destructive}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
    </ConfirmContext.Provider>
  );
}

/** `if (await confirm({ message: t('message.confirmDelete') })) …` */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs a ConfirmProvider');
  return ask;
}
