// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge';
import type { InboxNotice } from '../contract';
import { createFakeBridge } from '../../../renderer/testing/fake-bridge';
import { testProviders } from '../../../renderer/testing/providers';
import { ShellNotices } from './ShellNotices';

afterEach(cleanup);

const notice = (id: number, title: string, read: boolean): InboxNotice => ({ id, title, startTime: '2026-03-01T08:00:00.000Z', endTime: '2026-03-08T08:00:00.000Z', publisherName: 'Admin', read });

/** A server of two notices in force, the first unread; opening one marks it read, as the server does. */
async function renderNotices(options: { openFails?: boolean } = {}) {
  const notices = [notice(1, 'Depot A closes early', false), notice(2, 'New tariff', true)];
  const fake = createFakeBridge();
  fake.method('api.call').mockImplementation(async (id: unknown, input: unknown): Promise<BridgeResult<unknown>> => {
    if (id === 'notice.inbox') return { ok: true, data: { notices: notices.map((n) => ({ ...n })), unread: notices.filter((n) => !n.read).length } };
    if (id === 'notice.open') {
      if (options.openFails) return { ok: false, code: 'A0404', msg: 'id: not found' };
      const opened = notices.find((n) => n.id === (input as { id: number }).id)!;
      opened.read = true;
      return { ok: true, data: { ...opened, contentFormat: 'text', content: 'Closed from noon.\nReopens Monday.' } };
    }
    return { ok: false, code: 'A0404', msg: `unexpected ${String(id)}` };
  });
  const { Wrapper } = await testProviders({ bridge: fake.bridge, locale: 'en_US' });
  render(<ShellNotices />, { wrapper: Wrapper });
  return fake;
}

describe('shell notices', () => {
  it('counts the unread notices on the bell and lists them, unread first marked', async () => {
    await renderNotices();
    expect((await screen.findByTestId('notice-unread')).textContent).toBe('1');
    expect(screen.getByTestId('notice-bell').getAttribute('aria-label')).toBe('Notifications, 1 unread');
    fireEvent.click(screen.getByTestId('notice-bell'));
    const inbox = await screen.findByTestId('notice-inbox');
    expect(within(inbox).getByTestId('notice-entry-1').getAttribute('data-read')).toBe('false');
    expect(within(inbox).getByTestId('notice-entry-2').getAttribute('data-read')).toBe('true');
  });

  it('opens a notice from the list: its body shows, and the bell no longer counts it', async () => {
    const fake = await renderNotices();
    await screen.findByTestId('notice-unread');
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('notice-entry-1'));
    const reader = await screen.findByTestId('notice-reader');
    expect((await within(reader).findByTestId('notice-body')).textContent).toBe('Closed from noon.\nReopens Monday.');
    expect(fake.method('api.call').mock.calls.filter(([id]) => id === 'notice.open')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('notice-unread')).toBeNull());
    fireEvent.click(within(reader).getByTestId('notice-reader-close'));
    await waitFor(() => expect(screen.queryByTestId('notice-reader')).toBeNull());
  });

  it('opens the notice on view in the ticker', async () => {
    await renderNotices();
    const ticker = await screen.findByTestId('notice-ticker');
    fireEvent.click(within(ticker).getByRole('button', { name: 'Open the notice: Depot A closes early' }));
    expect(await screen.findByTestId('notice-reader')).toBeTruthy();
  });

  it('says so when a notice was withdrawn before it was opened', async () => {
    await renderNotices({ openFails: true });
    fireEvent.click(within(await screen.findByTestId('notice-ticker')).getByRole('button'));
    expect((await screen.findByTestId('notice-open-failed')).textContent).toBe('This notice cannot be opened: it may have been withdrawn or have expired');
  });
});
