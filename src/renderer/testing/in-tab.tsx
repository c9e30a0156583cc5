import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route as RouterRoute, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import type { ConsoleBridge } from '../../shared/bridge';
import type { Locale } from '../../shared/constants';
import { ShellTabContext, type ShellTabValue } from '../components/screen/shell-tab';
import { PermissionsProvider } from '../components/permissions';
import { testProviders } from './providers';
import { tabVisits } from './tab-visits';

/**
 * A screen as the shell shows it: in an active tab at `path`, with the button permissions of its menu, and
 * the routes the test needs (the screen's own, and where it may navigate to).
 */
export async function renderInTab(options: {
  bridge: ConsoleBridge;
  path: string;
  permissions: readonly string[];
  routes: ReadonlyArray<readonly [pattern: string, element: ReactNode]>;
  locale?: Locale;
}) {
  const providers = await testProviders({ bridge: options.bridge, path: options.path, locale: options.locale });
  const closeSelf = vi.fn<(then?: string) => void>();
  const { returns, setActive } = tabVisits();
  const tab: ShellTabValue = { path: options.path, returns, closeSelf };
  render(
    <ShellTabContext.Provider value={tab}>
      <PermissionsProvider permissions={options.permissions}>
        <Routes>
          {options.routes.map(([pattern, element]) => (
            <RouterRoute key={pattern} path={pattern} element={element} />
          ))}
        </Routes>
      </PermissionsProvider>
    </ShellTabContext.Provider>,
    { wrapper: providers.Wrapper },
  );
  return { ...providers, closeSelf, setActive };
}
