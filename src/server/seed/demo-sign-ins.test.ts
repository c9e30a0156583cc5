import { describe, expect, it } from 'vitest';
import { CHINA_PROVINCES } from '../../areas/statistics/contract';
import { demoSignIn } from './demo-sign-ins';

describe('demo sign-ins', () => {
  const now = Date.now();
  const signIns = Array.from({ length: 600 }, (_, n) => demoSignIn(n, now));

  it('lie in the last 60 days, never in the future, some of them today', () => {
    const earliest = now - 61 * 86_400_000;
    expect(signIns.every((s) => s.loginTime.getTime() <= now && s.loginTime.getTime() > earliest)).toBe(true);
    const midnight = new Date(now);
    midnight.setHours(0, 0, 0, 0);
    expect(signIns.some((s) => s.loginTime >= midnight)).toBe(true);
    expect(new Set(signIns.map((s) => s.loginTime.toDateString())).size).toBeGreaterThanOrEqual(60);
  });

  it('come from many provinces the map knows', () => {
    const regions = new Set(signIns.map((s) => s.region));
    expect(regions.size).toBeGreaterThanOrEqual(8);
    for (const region of regions) expect(CHINA_PROVINCES).toContain(region);
  });
});
