import { describe, expect, it } from 'vitest';
import { shownTheme } from './theme';

describe('shownTheme', () => {
  it('shows a chosen theme whatever the system asks', () => {
    expect(shownTheme('light', { dark: true, forcedColors: true })).toBe('light');
    expect(shownTheme('dark', { dark: false, forcedColors: false })).toBe('dark');
    expect(shownTheme('highContrast', { dark: false, forcedColors: false })).toBe('highContrast');
  });

  it('follows the system: forced colours first, then the appearance', () => {
    expect(shownTheme('system', { dark: false, forcedColors: false })).toBe('light');
    expect(shownTheme('system', { dark: true, forcedColors: false })).toBe('dark');
    expect(shownTheme('system', { dark: true, forcedColors: true })).toBe('highContrast');
    expect(shownTheme('system', { dark: false, forcedColors: true })).toBe('highContrast');
  });
});
