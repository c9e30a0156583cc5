import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isBridgeError } from '../bridge';
import { isTransportFailure } from './screen/session-errors';

const useStyles = makeStyles({
  centered: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXL,
    minHeight: '120px',
    color: tokens.colorNeutralForeground3,
    boxSizing: 'border-box',
  },
  fill: { height: '100%', width: '100%' },
});

export function LoadingState({ label, fill = false }: { label?: string; fill?: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={fill ? `${styles.centered} ${styles.fill}` : styles.centered} role="status" aria-live="polite">
      <Spinner label={label ?? t('common.loading')} />
    </div>
  );
}

/** Nothing to show; with `action`, the way to make the first one (the screen's primary action). */
export function EmptyState({ text, action }: { text: string; action?: { label: string; run: () => void } }) {
  const styles = useStyles();
  return (
    <div className={styles.centered} data-testid="empty-state">
      <Text>{text}</Text>
      {action ? (
        <Button appearance="primary" icon={<Add20Regular />} onClick={action.run} data-testid="empty-state-action">
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}

/** The server's msg of a failed call, or a general failure text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isBridgeError(error)) return error.msg || fallback;
  return fallback;
}

export function ErrorState({ title, error, onRetry }: { title: string; error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  // An unreachable server shows no raw detail (an address, a socket error): the shell's banner says it, translated.
  const detail = isBridgeError(error) && !isTransportFailure(error) && error.msg && error.msg !== title ? error.msg : null;
  return (
    <MessageBar intent="error" layout="multiline" data-testid="error-state">
      <MessageBarBody>
        {title}
        {detail ? `: ${detail}` : null}
      </MessageBarBody>
      {onRetry ? (
        <MessageBarActions>
          <Button onClick={onRetry}>{t('common.retry')}</Button>
        </MessageBarActions>
      ) : null}
    </MessageBar>
  );
}

interface ErrorBoundaryProps {
  fallback: (retry: () => void) => ReactNode;
  children: ReactNode;
}

/** Catches a screen that fails to load or render, so one screen cannot take the shell down. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('screen failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
