import type { CalendarStrings, DateFormatting } from '@fluentui/react-calendar-compat';
import dayjs from 'dayjs';

/** The pickers' value formats: digits only, the spec's yyyy-MM-dd HH:mm:ss, the same in every interface language. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const MONTH_FORMAT = 'YYYY-MM';
export const TIME_FORMAT = 'HH:mm:ss';

/** The words a calendar needs beyond month and day names, in the interface language (the kit's `date.*` keys). */
export interface CalendarWords {
  goToToday: string;
  prevMonth: string;
  nextMonth: string;
  prevYear: string;
  nextYear: string;
  prevYearRange: string;
  nextYearRange: string;
  close: string;
}

function names(languageTag: string, options: Intl.DateTimeFormatOptions, dates: Date[]): string[] {
  const format = new Intl.DateTimeFormat(languageTag, options);
  return dates.map((date) => format.format(date));
}

// Fixed days of a known year: 2023-01-01 is a Sunday, so index 0 is Sunday as the calendar expects.
const MONTHS = Array.from({ length: 12 }, (_, month) => new Date(2023, month, 1));
const WEEK_DAYS = Array.from({ length: 7 }, (_, day) => new Date(2023, 0, 1 + day));

/** Month and day names from the browser's CLDR data for the interface language, the other words from the catalog. */
export function calendarStrings(languageTag: string, words: CalendarWords): CalendarStrings {
  return {
    months: names(languageTag, { month: 'long' }, MONTHS),
    shortMonths: names(languageTag, { month: 'short' }, MONTHS),
    days: names(languageTag, { weekday: 'long' }, WEEK_DAYS),
    shortDays: names(languageTag, { weekday: 'narrow' }, WEEK_DAYS),
    goToToday: words.goToToday,
    prevMonthAriaLabel: words.prevMonth,
    nextMonthAriaLabel: words.nextMonth,
    prevYearAriaLabel: words.prevYear,
    nextYearAriaLabel: words.nextYear,
    prevYearRangeAriaLabel: words.prevYearRange,
    nextYearRangeAriaLabel: words.nextYearRange,
    closeButtonAriaLabel: words.close,
  };
}

/** The calendar's headings in the interface language ("2026年12月", "Dezember 2026"), not Fluent's English default. */
export function calendarFormatting(languageTag: string): DateFormatting {
  const month = new Intl.DateTimeFormat(languageTag, { month: 'long' });
  const year = new Intl.DateTimeFormat(languageTag, { year: 'numeric' });
  const monthYear = new Intl.DateTimeFormat(languageTag, { year: 'numeric', month: 'long' });
  const full = new Intl.DateTimeFormat(languageTag, { year: 'numeric', month: 'long', day: 'numeric' });
  return {
    // The day grid shows bare digits: zh_CN's and ja_JP's "2日" does not fit a day's cell.
    formatDay: (date) => String(date.getDate()),
    formatMonth: (date) => month.format(date),
    formatYear: (date) => year.format(date),
    formatMonthYear: (date) => monthYear.format(date),
    formatMonthDayYear: (date) => full.format(date),
  };
}

/** The first day of the week of the dayjs locale in use (Monday in zh_CN and de_DE, Sunday in en_US, ja_JP, ko_KR). */
export function firstDayOfWeek(): number {
  const locale = dayjs.Ls[dayjs.locale()] as { weekStart?: number } | undefined;
  return locale?.weekStart ?? 0;
}

/** A typed text in `format` as a local Date, or null when it is no such day (2021-02-30 is none). */
export function parseStrict(text: string, format: typeof DATE_FORMAT | typeof MONTH_FORMAT): Date | null {
  const match = (format === DATE_FORMAT ? /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/ : /^(\d{4})[-/.](\d{1,2})$/).exec(text.trim());
  if (!match) return null;
  const [year, month, day = 1] = match.slice(1).map(Number) as [number, number, number?];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** A time typed as H:mm or H:mm:ss on the given day, or null when it is no time of day. */
export function parseTime(text: string, day: Date): Date | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [hour, minute, second = 0] = match
    .slice(1)
    .filter((part) => part !== undefined)
    .map(Number) as [number, number, number?];
  if (hour > 23 || minute > 59 || second > 59) return null;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute, second);
}

/** A value of the pickers ('' for none) as a Date, or null. */
export function dateOf(value: string, format: typeof DATE_FORMAT | typeof MONTH_FORMAT): Date | null {
  return value ? parseStrict(value, format) : null;
}

export const formatAs = (format: string) => (date?: Date) => (date ? dayjs(date).format(format) : '');
