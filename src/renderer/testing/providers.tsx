import './dom-shims';
import { configure } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { ConsoleRouter, type ConsoleHistory } from '../app/console-router';
import type { ConsoleBridge } from '../../shared/bridge';
import type { Locale } from '../../shared/constants';
import { createErrorReporter, createQueryClient } from '../components/screen/session-errors';
import { BridgeContext } from '../bridge';
import { ConfirmProvider } from '../components/ConfirmDialog';
import { AppToaster } from '../components/notify';
import { createI18n } from '../i18n';
import { loadShellTexts } from '../app/shell-loader';
import { ThemeProvider } from '../app/theme/ThemeProvider';

// Fluent announces each toast in an aria-live region until a timer clears it; on a busy machine the timer runs
// late and a query for the toast's text finds both. Tests read what is shown, so the announcer is left out.
configure({ defaultIgnore: 'script, style, [class*="fui-AriaLive"]' });

/**
 * The app's providers around a component under test, with the test's own bridge and language; the router's history is
 * in memory at `path` unless the test brings its own (the window's hash, as the app's).
 */
export async function testProviders(options: { bridge?: ConsoleBridge; locale?: Locale; path?: string; history?: ConsoleHistory } = {}) {
  const i18n: i18n = await createI18n(options.locale ?? 'en_US');
  await loadShellTexts(i18n);
  const reporter = createErrorReporter();
  const queryClient = createQueryClient(reporter);
  const history = options.history ?? createMemoryHistory({ initialEntries: [options.path ?? '/'], v5Compat: true });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <BridgeContext.Provider value={options.bridge ?? null}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider initial="light">
            <AppToaster />
            <ConfirmProvider>
              <ConsoleRouter history={history}>{children}</ConsoleRouter>
            </ConfirmProvider>
          </ThemeProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </BridgeContext.Provider>
  );
  return { Wrapper, i18n, queryClient, reporter };
}

/** The shell's session guard, which shows what the error reporter reports: tests of the kit render it as the shell does. */
export { SessionGuard } from '../app/session/SessionGuard';
