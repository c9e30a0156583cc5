import { describe, expect, it } from 'vitest';
import { CountCache } from './lists';

describe('the count cache', () => {
  it('counts a filter once per epoch, and again after the epoch moves', async () => {
    const cache = new CountCache();
    let epoch = 1;
    let counted = 0;
    const load = async () => {
      counted++;
      return 40 + counted;
    };
    expect(await cache.count('a', () => epoch, load)).toBe(41);
    expect(await cache.count('a', () => epoch, load)).toBe(41);
    expect(counted).toBe(1);
    expect(await cache.count('b', () => epoch, load)).toBe(42);
    epoch++;
    expect(await cache.count('a', () => epoch, load)).toBe(43);
    expect(counted).toBe(3);
  });

  it('answers a count that a write overlapped but does not keep it', async () => {
    const cache = new CountCache();
    let epoch = 1;
    let counted = 0;
    const writeDuringCount = async () => {
      counted++;
      epoch++;
      return counted;
    };
    expect(await cache.count('a', () => epoch, writeDuringCount)).toBe(1);
    expect(
      await cache.count(
        'a',
        () => epoch,
        async () => ++counted,
      ),
    ).toBe(2);
    expect(
      await cache.count(
        'a',
        () => epoch,
        async () => ++counted,
      ),
    ).toBe(2);
  });
});
