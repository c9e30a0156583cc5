import { describe, expect, it } from 'vitest';
import { QR_FRAME_SANDBOX, qrFrameUrl } from './qr-frame';

describe('the messenger QR frame', () => {
  it('lets the page send the console back after a scan on the phone, with nothing else unsandboxed', () => {
    expect(QR_FRAME_SANDBOX.split(' ').sort()).toEqual(['allow-forms', 'allow-same-origin', 'allow-scripts', 'allow-top-navigation']);
  });

  it('frames a messenger page of another origin', () => {
    expect(qrFrameUrl('https://open.work.example.com/wwopen/sso/qrConnect?appid=ww1&redirect_uri=x', 'http://127.0.0.1:5173')).toBe(
      'https://open.work.example.com/wwopen/sso/qrConnect?appid=ww1&redirect_uri=x',
    );
    expect(qrFrameUrl('http://127.0.0.1:9000/qr', 'http://127.0.0.1:5173')).toBe('http://127.0.0.1:9000/qr');
    expect(qrFrameUrl('https://qr.example.com/', 'app://console')).toBe('https://qr.example.com/');
  });

  it("refuses a page of the console's own origin and anything but http(s)", () => {
    for (const qrUrl of ['http://127.0.0.1:5173/qr', '/__bridge/events', 'HTTP://127.0.0.1:5173/', 'javascript:alert(1)', 'data:text/html,x', 'app://console/', 'http://[bad']) {
      expect(qrFrameUrl(qrUrl, qrUrl.startsWith('app:') ? 'app://console' : 'http://127.0.0.1:5173'), qrUrl).toBeNull();
    }
  });
});
