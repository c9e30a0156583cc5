import { Toast, ToastTitle, Toaster, useToastController, type ToastIntent } from '@fluentui/react-components';
import { useMemo } from 'react';

/** The app's one toaster; `useNotify()` shows the spec's messages on it. */
export const TOASTER_ID = 'console-toaster';
const DEFAULT_TIMEOUT_MS = 3000;

export function AppToaster() {
  return <Toaster toasterId={TOASTER_ID} position="top" pauseOnHover pauseOnWindowBlur limit={4} />;
}

export interface NotifyOptions {
  timeoutMs?: number;
}

export type Notify = Record<ToastIntent, (text: string, options?: NotifyOptions) => void>;

export function useNotify(): Notify {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useMemo(() => {
    const show =
      (intent: ToastIntent) =>
      (text: string, options: NotifyOptions = {}) =>
        dispatchToast(
          <Toast data-testid={`toast-${intent}`}>
            <ToastTitle>{text}</ToastTitle>
          </Toast>,
          { intent, timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, politeness: intent === 'error' || intent === 'warning' ? 'assertive' : 'polite' },
        );
    return { success: show('success'), info: show('info'), warning: show('warning'), error: show('error') };
  }, [dispatchToast]);
}
