import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import type { FormEvent, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverlayWhile } from '../overlay';
import { OutsidePageHeader } from '../page/PageFrame';

export interface DialogSubmit {
  label: string;
  'data-testid': string;
  /** What the button does in a dialog that is no form; a form's button submits it. */
  onClick?: () => void;
  /** The button's icon while nothing runs; a spinner takes its place while the dialog is busy. */
  icon?: ReactElement;
  /** No spinner: the dialog says itself what runs (a test mail's 'Sending…'). */
  quiet?: boolean;
  disabled?: boolean;
}

export interface DialogFrameProps {
  /** Open by default: the screen renders the dialog only while it is open. */
  open?: boolean;
  title: ReactNode;
  'data-testid': string;
  /** The surface's class (its width). */
  className?: string;
  contentClassName?: string;
  /** 'alert': a click beside the dialog does not close it. */
  modalType?: 'modal' | 'alert';
  /** Escape, a click beside the dialog and the cancel button close it with this, unless it is busy; without it only its own buttons close it. */
  onDismiss?: () => void;
  /** A call runs: the dialog stays, its submit button spins and its buttons wait. */
  busy?: boolean;
  /** Makes the fields a form that this sends: its submit button, and Enter in a field. */
  onSubmit?: () => void;
  /** The primary button, first. */
  submit?: DialogSubmit;
  /** The cancel button after it ('Cancel' by default), which dismisses the dialog. */
  cancel?: { label?: string; 'data-testid'?: string };
  /** The dialog's own buttons, after those. */
  actions?: ReactNode;
  /** The primary close button of a dialog that shows something ('Close' by default), last; it dismisses the dialog unless given its own `onClick`. */
  close?: { label?: string; 'data-testid': string; onClick?: () => void };
  children: ReactNode;
}

/**
 * Fluent's dialog scaffolding once: surface, title, content and the buttons, a form where the dialog sends
 * one. While open it counts as an overlay, so an external page laid over the tab steps aside.
 */
export function DialogFrame({
  open = true,
  title,
  'data-testid': testId,
  className,
  contentClassName,
  modalType,
  onDismiss,
  busy = false,
  onSubmit,
  submit,
  cancel,
  actions,
  close,
  children,
}: DialogFrameProps) {
  const { t } = useTranslation();
  useOverlayWhile(open);
  const dismiss = () => {
    if (!busy) onDismiss?.();
  };
  const body = (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent className={contentClassName}>{children}</DialogContent>
      <DialogActions>
        {submit ? (
          <Button
            appearance="primary"
            type={onSubmit ? 'submit' : undefined}
            onClick={onSubmit ? undefined : submit.onClick}
            disabled={busy || submit.disabled}
            icon={busy && !submit.quiet ? <Spinner size="tiny" /> : submit.icon}
            data-testid={submit['data-testid']}
          >
            {submit.label}
          </Button>
        ) : null}
        {cancel ? (
          <Button onClick={dismiss} disabled={busy} data-testid={cancel['data-testid']}>
            {cancel.label ?? t('common.cancel')}
          </Button>
        ) : null}
        {actions}
        {close ? (
          <Button appearance="primary" onClick={close.onClick ?? dismiss} data-testid={close['data-testid']}>
            {close.label ?? t('common.close')}
          </Button>
        ) : null}
      </DialogActions>
    </DialogBody>
  );
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <Dialog open={open} modalType={modalType} onOpenChange={onDismiss ? (_event, data) => !data.open && dismiss() : undefined}>
      <DialogSurface className={className} data-testid={testId}>
        {/* A list inside the dialog keeps its parts in the dialog, not in the page behind it. */}
        <OutsidePageHeader>
          {onSubmit ? (
            <form onSubmit={send} noValidate>
              {body}
            </form>
          ) : (
            body
          )}
        </OutsidePageHeader>
      </DialogSurface>
    </Dialog>
  );
}

/** The server's refusal inside a dialog, which stays open to correct and send again; nothing without one. */
export function DialogFailure({ text, 'data-testid': testId }: { text: string | null; 'data-testid': string }) {
  if (text === null) return null;
  return (
    <MessageBar intent="error" layout="multiline" role="alert" data-testid={testId}>
      <MessageBarBody>{text}</MessageBarBody>
    </MessageBar>
  );
}
