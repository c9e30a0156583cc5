import dayjs from 'dayjs';

/** Digits only, so a time reads the same in all five interface languages (dayjs follows the language, see `i18n/`). */
const DATE_TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';

/** A server time (ISO 8601) in local time, as every screen shows it; a text that is no time is shown as it came. */
export function formatDateTime(iso: string): string {
  const time = dayjs(iso);
  return time.isValid() ? time.format(DATE_TIME_PATTERN) : iso;
}
