import { describe, expect, it } from 'vitest';
import { BROWSER_HOST_CSP, isAllowedCallOrigin, isAllowedHost, isAllowedStreamOrigin, newSecret, readCookie, sameSecret, sessionCookie, withPageSecret } from './security';

describe('browser host security decisions', () => {
  it('accepts only the loopback names with the own port as Host', () => {
    expect(isAllowedHost('127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedHost('LOCALHOST:4000', 4000)).toBe(true);
    for (const host of [undefined, '', '127.0.0.1', '127.0.0.1:4001', 'evil.example:4000', 'localhost.evil.example:4000', '[::1]:4000', '0.0.0.0:4000']) {
      expect(isAllowedHost(host, 4000)).toBe(false);
    }
  });

  it('accepts a call (POST) only with the own origin, and the event stream also with none (a same-origin EventSource)', () => {
    for (const allowed of [isAllowedCallOrigin, isAllowedStreamOrigin]) {
      expect(allowed('http://127.0.0.1:4000', 4000)).toBe(true);
      expect(allowed('http://localhost:4000', 4000)).toBe(true);
      for (const origin of ['null', 'https://127.0.0.1:4000', 'http://127.0.0.1:4001', 'http://evil.example']) expect(allowed(origin, 4000)).toBe(false);
    }
    expect(isAllowedCallOrigin(undefined, 4000)).toBe(false);
    expect(isAllowedStreamOrigin(undefined, 4000)).toBe(true);
  });

  it('writes the page secret into the page head, or at its start when it has none', () => {
    const meta = '<meta name="console-bridge-secret" content="s3cret">';
    expect(withPageSecret('<!doctype html>\n<html lang="zh"><head>\n<title>C</title></head></html>', 'console-bridge-secret', 's3cret')).toBe(
      `<!doctype html>\n<html lang="zh"><head>${meta}\n<title>C</title></head></html>`,
    );
    expect(withPageSecret('<!DOCTYPE html><HEAD lang="x"><title>C</title>', 'console-bridge-secret', 's3cret')).toBe(`<!DOCTYPE html><HEAD lang="x">${meta}<title>C</title>`);
    expect(withPageSecret('<!doctype html><title>C</title><header>h</header>', 'console-bridge-secret', 's3cret')).toBe(`<!doctype html>${meta}<title>C</title><header>h</header>`);
  });

  it('compares secrets exactly', () => {
    const secret = newSecret();
    expect(secret).not.toBe(newSecret());
    expect(sameSecret(secret, secret)).toBe(true);
    expect(sameSecret(`${secret}x`, secret)).toBe(false);
    expect(sameSecret(secret.slice(1), secret)).toBe(false);
    expect(sameSecret(null, secret)).toBe(false);
  });

  it('reads one cookie among several and writes an HttpOnly, SameSite=Strict one', () => {
    expect(readCookie('a=1; console_bridge=xyz; b=2', 'console_bridge')).toBe('xyz');
    expect(readCookie('console_bridge_old=1', 'console_bridge')).toBeNull();
    expect(readCookie(undefined, 'console_bridge')).toBeNull();
    expect(sessionCookie('console_bridge', 'v')).toBe('console_bridge=v; Path=/; HttpOnly; SameSite=Strict');
  });

  it('allows scripts only from the host and forbids plugins and foreign framing', () => {
    expect(BROWSER_HOST_CSP).toContain("script-src 'self'");
    expect(BROWSER_HOST_CSP).not.toMatch(/script-src[^;]*unsafe/);
    expect(BROWSER_HOST_CSP).toContain("object-src 'none'");
    expect(BROWSER_HOST_CSP).toContain("frame-ancestors 'self'");
  });
});
