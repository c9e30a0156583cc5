import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calendarFormatting, calendarStrings, parseStrict, parseTime } from './calendar-text';

const WORDS = { goToToday: 'today', prevMonth: 'p', nextMonth: 'n', prevYear: 'py', nextYear: 'ny', prevYearRange: 'pr', nextYearRange: 'nr', close: 'x' };

describe('calendar text', () => {
  it('names months and days in the interface language, Sunday first', () => {
    expect(calendarStrings('de-DE', WORDS).months[11]).toBe('Dezember');
    expect(calendarStrings('zh-CN', WORDS).months[0]).toBe('一月');
    expect(calendarStrings('en-US', WORDS).days[0]).toBe('Sunday');
    expect(calendarStrings('en-US', WORDS).goToToday).toBe('today');
  });

  it('heads the calendar in the interface language, not in English', () => {
    const december = new Date(2026, 11, 1);
    expect(calendarFormatting('zh-CN').formatMonthYear(december, calendarStrings('zh-CN', WORDS))).toBe('2026年12月');
    expect(calendarFormatting('de-DE').formatMonthYear(december, calendarStrings('de-DE', WORDS))).toBe('Dezember 2026');
    expect(calendarFormatting('ja-JP').formatYear(december)).toBe('2026年');
  });

  it('reads typed days and months strictly and refuses days that do not exist', () => {
    expect(parseStrict('2026-03-02', 'YYYY-MM-DD')).toEqual(new Date(2026, 2, 2));
    expect(parseStrict(' 2026/3/2 ', 'YYYY-MM-DD')).toEqual(new Date(2026, 2, 2));
    expect(parseStrict('2021-02-30', 'YYYY-MM-DD')).toBeNull();
    expect(parseStrict('03/02/2026', 'YYYY-MM-DD')).toBeNull();
    expect(parseStrict('2026-12', 'YYYY-MM')).toEqual(new Date(2026, 11, 1));
    expect(parseStrict('2026-13', 'YYYY-MM')).toBeNull();
  });

  it('reads typed times on the 24-hour clock, with or without seconds', () => {
    const day = new Date(2026, 2, 2);
    expect(parseTime('8:05', day)).toEqual(new Date(2026, 2, 2, 8, 5, 0));
    expect(parseTime('23:59:59', day)).toEqual(new Date(2026, 2, 2, 23, 59, 59));
    expect(parseTime('24:00', day)).toBeNull();
    expect(parseTime('8 pm', day)).toBeNull();
  });
});

/** Every screen source (the areas' screens and the renderer), tests aside. */
function screenSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return screenSources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('native date inputs', () => {
  it('are used by no screen: every date, time and month goes through the kit pickers', () => {
    const root = join(import.meta.dirname, '../../..');
    const files = [...screenSources(join(root, 'areas')).filter((path) => path.includes('/screens/')), ...screenSources(join(root, 'renderer'))];
    expect(files.length).toBeGreaterThan(100);
    const native = /type=\{?["'`](date|datetime-local|month|time|week)["'`]|type:\s*["'](date|datetime-local|month|time|week)["']/;
    const offenders = files.filter((path) => native.test(readFileSync(path, 'utf8'))).map((path) => relative(root, path));
    expect(offenders).toEqual([]);
  });
});
