import { Link, Toast, ToastTitle, ToastTrigger, Toaster, useToastController, type ToastIntent } from '@fluentui/react-components';
import { useMemo } from 'react';

/** The app's one toaster; `useNotify()` shows the spec's messages on it. */
export const TOASTER_ID = 'console-toaster';
const DEFAULT_TIMEOUT_MS = 3000;

/** Below the shell's 56 px header, at the right: toasts never cover the top menu or the user menu. */
const TOASTER_OFFSET = { vertical: 64, horizontal: 16 } as const;

export function AppToaster() {
  return <Toaster toasterId={TOASTER_ID} position="top-end" offset={TOASTER_OFFSET} pauseOnHover pauseOnWindowBlur limit={4} />;
}

export interface NotifyOptions {
  timeoutMs?: number;
  /** Names the toast, so that `dismiss` can take it away before its time (a "please wait" once the work is done). */
  toastId?: string;
}

/** A message with one action button (Undo after a delete): the button runs `onAction` and closes the toast. */
export interface ActionNotice {
  text: string;
  actionLabel: string;
  onAction: () => void;
  timeoutMs: number;
  intent?: ToastIntent;
  /** Names the button for tests (`toast-<actionTestId>`); the toast is `toast-<intent>` like every other. */
  actionTestId: string;
}

export type Notify = Record<ToastIntent, (text: string, options?: NotifyOptions) => void> & { action: (notice: ActionNotice) => void; dismiss: (toastId: string) => void };

export function useNotify(): Notify {
  const { dispatchToast, dismissToast } = useToastController(TOASTER_ID);
  return useMemo(() => {
    const show =
      (intent: ToastIntent) =>
      (text: string, options: NotifyOptions = {}) =>
        dispatchToast(
          <Toast data-testid={`toast-${intent}`}>
            <ToastTitle>{text}</ToastTitle>
          </Toast>,
          { intent, toastId: options.toastId, timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, politeness: intent === 'error' || intent === 'warning' ? 'assertive' : 'polite' },
        );
    const action = ({ text, actionLabel, onAction, timeoutMs, intent = 'success', actionTestId }: ActionNotice) =>
      dispatchToast(
        <Toast data-testid={`toast-${intent}`}>
          <ToastTitle
            action={
              <ToastTrigger>
                <Link as="button" onClick={onAction} data-testid={`toast-${actionTestId}`}>
                  {actionLabel}
                </Link>
              </ToastTrigger>
            }
          >
            {text}
          </ToastTitle>
        </Toast>,
        { intent, timeout: timeoutMs, politeness: 'polite' },
      );
    return { success: show('success'), info: show('info'), warning: show('warning'), error: show('error'), action, dismiss: dismissToast };
  }, [dispatchToast, dismissToast]);
}
