// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_NETWORK_LOCATION } from '../../../shared/constants';
import type { OnlineSession } from '../contract';
import { Perm, type PermissionKey } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { createFakeBridge, type FakeBridge } from '../../../renderer/testing/fake-bridge';
import { renderInTab } from '../../../renderer/testing/in-tab';
import { answerApiCalls, callsOf } from '../../../renderer/testing/menu-fixtures';
import UserStatistics from './UserStatistics';

const session = (fields: Partial<OnlineSession> & Pick<OnlineSession, 'familyId' | 'username'>): OnlineSession => ({
  userId: 1,
  name: `${fields.username} name`,
  ip: '10.0.0.8',
  location: LOCAL_NETWORK_LOCATION,
  clientId: 'backoffice-console',
  since: '2026-11-20T08:00:00.000Z',
  current: false,
  ...fields,
});

const sessions = [session({ familyId: 'own-family', username: 'admin', current: true }), session({ familyId: 'other-family', username: 'visitor', ip: '202.96.128.86', location: '广东省 广州市' })];

let fake: FakeBridge;
beforeEach(() => {
  fake = createFakeBridge();
  answerApiCalls(fake, {
    'statistics.profile': { ok: true, data: { onlineCount: 2, todayCount: 3, todayTimes: 7, totalCount: 11, totalTimes: 123, today: '2026-11-20' } },
    'statistics.accessMap': { ok: true, data: [{ name: '广东', value: 5 }] },
    'statistics.day': { ok: true, data: { date: ['00', '01'], values: [1, 2] } },
    'statistics.month': { ok: true, data: { date: ['2026-11-01'], values: [4] } },
    'statistics.accessLog': {
      ok: true,
      data: {
        records: [{ userId: 9, username: 'visitor', name: 'Visitor', loginCount: 4, mobile: '13800000000', lastLoginTime: '2026-11-20T08:00:00.000Z' }],
        total: 1,
        current: 1,
        pages: 1,
        size: 10,
      },
    },
    'statistics.sessions': { ok: true, data: { records: sessions, total: 2, current: 1, pages: 1, size: 10 } },
    'statistics.endSession': { ok: true, data: null },
  });
});
afterEach(cleanup);

async function renderScreen(permissions: readonly PermissionKey[] = [Perm.statisticsView, Perm.sessionEnd]) {
  await renderInTab({ bridge: fake.bridge, path: Route.userStatistics, permissions, routes: [[Route.userStatistics, <UserStatistics />]] });
  await waitFor(() => expect(within(screen.getByTestId('stats-totalTimes')).getByText('123')).toBeTruthy());
}

// The map tab opens first, and its chunk (the geo plugin and the province shapes) is large to import in a test.
describe('visit statistics screen', { timeout: 30_000 }, () => {
  it('shows the summary and asks only for the selected tab’s data', async () => {
    await renderScreen();
    within(screen.getByTestId('stats-onlineCount')).getByText('2');
    // The province in the reader's language.
    await screen.findByText('Guangdong: 5', {}, { timeout: 10_000 });
    expect(callsOf(fake, 'statistics.accessMap')).toHaveLength(1);
    expect(callsOf(fake, 'statistics.day')).toHaveLength(0);
    expect(callsOf(fake, 'statistics.accessLog')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('stats-tab-day'));
    await waitFor(() => expect(callsOf(fake, 'statistics.day')).toHaveLength(1));
    expect(callsOf(fake, 'statistics.day')[0]).toEqual({ date: '2026-11-20' });
    expect(callsOf(fake, 'statistics.month')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('stats-tab-records'));
    const table = await screen.findByTestId('stats-records-table');
    await within(table).findByText('visitor');
    expect(callsOf(fake, 'statistics.accessLog')[0]).toEqual({ page: 1, limit: 10 });
  });

  it('opens on the server’s today and offers no later day or month', async () => {
    await renderScreen();
    const picker = await screen.findByTestId('stats-map-date');
    expect(picker.getAttribute('value')).toBe('2026-11-20');
    expect(callsOf(fake, 'statistics.accessMap')).toEqual([{ date: '2026-11-20' }]);
    // A typed earlier day is taken; a typed later one is taken as today, so no call asks for the future.
    fireEvent.change(picker, { target: { value: '2026-11-02' } });
    fireEvent.blur(picker);
    await waitFor(() => expect(callsOf(fake, 'statistics.accessMap')).toEqual([{ date: '2026-11-20' }, { date: '2026-11-02' }]));
    fireEvent.change(picker, { target: { value: '2026-12-24' } });
    fireEvent.blur(picker);
    await waitFor(() => expect(picker.getAttribute('value')).toBe('2026-11-20'));
    expect(callsOf(fake, 'statistics.accessMap')).not.toContainEqual({ date: '2026-12-24' });
    fireEvent.click(screen.getByTestId('stats-tab-month'));
    expect((await screen.findByTestId('stats-month-month')).getAttribute('value')).toBe('2026-11');
  });

  it('ends another user’s session after asking, and refuses the caller’s own', async () => {
    await renderScreen();
    fireEvent.click(screen.getByTestId('stats-tab-sessions'));
    const table = await screen.findByTestId('stats-sessions-table');
    await within(table).findByText('广东省 广州市');
    within(table).getByText('Local network');

    fireEvent.click(within(table).getByRole('radio', { name: 'Select row admin' }));
    fireEvent.click(screen.getByTestId('stats-end-session'));
    expect((await screen.findByTestId('toast-warning')).textContent).toContain('You cannot end your own current session; sign out instead');
    expect(callsOf(fake, 'statistics.endSession')).toHaveLength(0);

    fireEvent.click(within(table).getByRole('radio', { name: 'Select row visitor' }));
    fireEvent.click(screen.getByTestId('stats-end-session'));
    await screen.findByText(/End this session of visitor name \(visitor\)\?/);
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(callsOf(fake, 'statistics.endSession')).toEqual([{ familyId: 'other-family' }]));
  });

  it('hides the end button without its key', async () => {
    await renderScreen([Perm.statisticsView]);
    fireEvent.click(screen.getByTestId('stats-tab-sessions'));
    await screen.findByTestId('stats-sessions-table');
    expect(screen.queryByTestId('stats-end-session')).toBeNull();
  });
});
