/**
 * Calendar days and hours in the server's time zone (the process's TZ): visit statistics count "today", a
 * chosen date and a chosen month as the server's clock reads them, whatever the database's time zone is.
 * Each bucket is a half-open range of instants, so a day with a daylight-saving change keeps its real length.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of an instant in the server's time zone. */
export function localDate(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** yyyy-MM of an instant in the server's time zone. */
export function localMonth(at: Date): string {
  return localDate(at).slice(0, 7);
}

/** Midnight starting the day of `at`. */
export function startOfDay(at: Date): Date {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate());
}

export interface Buckets {
  labels: string[];
  /** One more than the labels: bucket i is [bounds[i], bounds[i + 1]). */
  bounds: Date[];
}

/** The 24 hours of a yyyy-MM-dd day, labelled "00".."23". */
export function hoursOf(date: string): Buckets {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const bounds = Array.from({ length: 25 }, (_, hour) => new Date(y, m - 1, d, hour));
  return { labels: Array.from({ length: 24 }, (_, hour) => pad(hour)), bounds };
}

/** The days of a yyyy-MM month, labelled yyyy-MM-dd. */
export function daysOf(month: string): Buckets {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const length = new Date(y, m, 0).getDate();
  const bounds = Array.from({ length: length + 1 }, (_, i) => new Date(y, m - 1, i + 1));
  return { labels: Array.from({ length }, (_, i) => `${month}-${pad(i + 1)}`), bounds };
}
