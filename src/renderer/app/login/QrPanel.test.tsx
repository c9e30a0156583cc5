// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge } from '../../testing/fake-bridge';
import { testProviders } from '../../testing/providers';
import { QrPanel } from './QrPanel';

afterEach(cleanup);

async function renderWithQrUrl(qrUrl: string) {
  const fake = createFakeBridge();
  fake.method('auth.messengerConfig').mockResolvedValue({ ok: true, data: { enabled: true, qrUrl } });
  const { Wrapper } = await testProviders({ bridge: fake.bridge, path: '/login' });
  render(<QrPanel />, { wrapper: Wrapper });
}

describe('QR panel', () => {
  it("frames the messenger's page, which may send the console back after the scan", async () => {
    await renderWithQrUrl('https://qr.example.com/login?appid=1');
    const frame = await screen.findByTestId('qr-frame');
    expect(frame.getAttribute('src')).toBe('https://qr.example.com/login?appid=1');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin allow-top-navigation');
  });

  it("shows no frame for an address of the console's own origin", async () => {
    await renderWithQrUrl(`${window.location.origin}/qr`);
    expect((await screen.findByTestId('qr-refused')).textContent).toContain('must be a page of the messenger');
    expect(screen.queryByTestId('qr-frame')).toBeNull();
  });
});
