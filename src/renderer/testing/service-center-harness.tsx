import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route as RouterRoute, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { BridgeResult } from '../../shared/bridge';
import type { Locale } from '../../shared/constants';
import type { DeptNode } from '../../areas/user/contract';
import { ShellTabContext, type ShellTabValue } from '../components/screen/shell-tab';
import { SessionGuard } from '../app/session/SessionGuard';
import { PermissionsProvider } from '../components/permissions';
import { createFakeBridge } from './fake-bridge';
import { testProviders } from './providers';
import { tabVisits } from './tab-visits';

/** Shared set-up of the service-centre screen tests: a fake server, the screen in a tab with the app's error toasts, the path it shows. */

export type Answer = (input: Record<string, unknown>) => BridgeResult<unknown>;

const dept = (deptId: number, parentId: number | null, name: string, children: DeptNode[] = []): DeptNode => ({
  deptId,
  parentId,
  name,
  deptType: children.length > 0 ? '0' : '1',
  businessCentre: children.length === 0,
  children,
});

/** 远航物流集团 ─┬─ 华东分公司 ─┬─ 上海转运中心 (4) / 杭州转运中心 (5); └─ 华南分公司 ── 广州转运中心 (6) */
export const CENTRE_TREE: DeptNode[] = [
  dept(1, null, '远航物流集团', [dept(2, 1, '华东分公司', [dept(4, 2, '上海转运中心'), dept(5, 2, '杭州转运中心')]), dept(3, 1, '华南分公司', [dept(6, 3, '广州转运中心')])]),
];

export function ok<T>(data: T): BridgeResult<T> {
  return { ok: true, data };
}

export function page<T>(records: T[], total = records.length) {
  return { records, total, current: 1, pages: Math.max(1, Math.ceil(total / 10)), size: 10 };
}

/** Where the screen navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export async function renderScreen(options: { screen: ReactNode; routePattern: string; path: string; answers: Record<string, Answer>; permissions: readonly string[]; locale?: Locale }) {
  const fake = createFakeBridge();
  fake.method('api.call').mockImplementation(async (id: unknown, input: unknown) => {
    const answer = options.answers[String(id)];
    return answer ? answer((input ?? {}) as Record<string, unknown>) : { ok: false, code: 'A0404', msg: `unexpected ${String(id)}` };
  });
  const closeSelf = vi.fn<(then?: string) => void>();
  const { returns, setActive } = tabVisits();
  const tab: ShellTabValue = { path: options.path, returns, closeSelf };
  const { Wrapper, i18n, reporter } = await testProviders({ bridge: fake.bridge, path: options.path, locale: options.locale });
  render(
    <ShellTabContext.Provider value={tab}>
      <SessionGuard reporter={reporter} />
      <PermissionsProvider permissions={options.permissions}>
        <Routes>
          <RouterRoute path={options.routePattern} element={options.screen} />
          <RouterRoute path="*" element={null} />
        </Routes>
        <LocationProbe />
      </PermissionsProvider>
    </ShellTabContext.Provider>,
    { wrapper: Wrapper },
  );
  const calls = (id: string) =>
    fake
      .method('api.call')
      .mock.calls.filter(([called]) => called === id)
      .map(([, input]) => input);
  return { fake, closeSelf, i18n, calls, setActive };
}
