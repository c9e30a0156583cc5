import { describe, expect, it } from 'vitest';
import { BROWSER_HOST_CSP, isAllowedHost, isAllowedOrigin, newSecret, readCookie, sameSecret, sessionCookie } from './security';

describe('browser host security decisions', () => {
  it('accepts only the loopback names with the own port as Host', () => {
    expect(isAllowedHost('127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedHost('LOCALHOST:4000', 4000)).toBe(true);
    for (const host of [undefined, '', '127.0.0.1', '127.0.0.1:4001', 'evil.example:4000', 'localhost.evil.example:4000', '[::1]:4000', '0.0.0.0:4000']) {
      expect(isAllowedHost(host, 4000)).toBe(false);
    }
  });

  it('accepts no Origin (same-origin GET) or the own origin, nothing else', () => {
    expect(isAllowedOrigin(undefined, 4000)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4000', 4000)).toBe(true);
    for (const origin of ['null', 'https://127.0.0.1:4000', 'http://127.0.0.1:4001', 'http://evil.example']) expect(isAllowedOrigin(origin, 4000)).toBe(false);
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
