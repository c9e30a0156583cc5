import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { TimePicker, type TimeSelectionData } from '@fluentui/react-timepicker-compat';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarFormatting, calendarStrings, DATE_FORMAT, dateOf, firstDayOfWeek, formatAs, MONTH_FORMAT, parseStrict, parseTime, TIME_FORMAT } from './calendar-text';

/**
 * The console's date, month and date-time inputs: Fluent's compat pickers in the interface language (month and day
 * names, headings, first day of the week) with the spec's digits (yyyy-MM-dd HH:mm:ss) in the field. Every screen uses
 * these instead of the browser's native inputs, whose format follows the browser's language, not the console's.
 * Each takes and gives its value as text ('' for none), so a screen's filters and forms keep their plain values.
 */
export interface DateInputProps {
  value: string;
  onChange: (value: string) => void;
  /** The last day (yyyy-MM-dd) offered; a typed later day is taken as this one. */
  max?: string;
  /** Leaves the check of the bound to the form (a typed later day reaches it), while the calendar still offers none after it. */
  maxCheckedByForm?: boolean;
  onBlur?: () => void;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
  'data-testid'?: string;
}

const useStyles = makeStyles({
  // Within its field's width: Fluent's input keeps a minimum of its own, which ran over the text beside a narrow field.
  picker: { minWidth: 0, maxWidth: '100%' },
  dateTime: { display: 'flex', gap: tokens.spacingHorizontalS, minWidth: 0 },
  datePart: { flexGrow: 1, minWidth: '130px' },
  timePart: { width: '120px', minWidth: '120px' },
  // The input's own width (its default size) pushed the list button past the picker's box, over the next control (a
  // filter bar's Search, which then could not be clicked there); it takes what the box leaves instead.
  timeInput: { width: '100%', minWidth: 0 },
});

function useCalendar() {
  const { t, i18n } = useTranslation();
  const tag = i18n.language.replace('_', '-');
  return useMemo(
    () => ({
      strings: calendarStrings(tag, {
        goToToday: t('date.goToToday'),
        prevMonth: t('date.prevMonth'),
        nextMonth: t('date.nextMonth'),
        prevYear: t('date.prevYear'),
        nextYear: t('date.nextYear'),
        prevYearRange: t('date.prevYearRange'),
        nextYearRange: t('date.nextYearRange'),
        close: t('date.close'),
      }),
      dateTimeFormatter: calendarFormatting(tag),
      firstDayOfWeek: firstDayOfWeek(),
    }),
    [t, tag],
  );
}

interface PickerProps extends DateInputProps {
  format: typeof DATE_FORMAT | typeof MONTH_FORMAT;
  className?: string;
}

function Picker({ value, onChange, max, maxCheckedByForm, onBlur, disabled, required, placeholder, format, className, 'data-testid': testId }: PickerProps) {
  const calendar = useCalendar();
  const maxDate = max ? (dateOf(max, format) ?? undefined) : undefined;
  const formatDate = useMemo(() => formatAs(format), [format]);
  const monthOnly = format === MONTH_FORMAT;
  const styles = useStyles();
  return (
    <DatePicker
      className={mergeClasses(styles.picker, className)}
      value={dateOf(value, format)}
      onSelectDate={(date) => onChange(date ? formatDate(date) : '')}
      formatDate={formatDate}
      parseDateFromString={(text) => {
        const date = parseStrict(text, format);
        // A typed day past the bound: taken as the bound (a filter), or handed to the form, which names the problem.
        return date && maxDate && !maxCheckedByForm && date > maxDate ? maxDate : date;
      }}
      allowTextInput
      maxDate={maxCheckedByForm ? undefined : maxDate}
      placeholder={placeholder ?? (monthOnly ? 'yyyy-MM' : 'yyyy-MM-dd')}
      strings={calendar.strings}
      dateTimeFormatter={calendar.dateTimeFormatter}
      firstDayOfWeek={calendar.firstDayOfWeek}
      calendar={monthOnly ? { isDayPickerVisible: false, highlightSelectedMonth: true } : undefined}
      highlightSelectedMonth
      showGoToToday
      disabled={disabled}
      required={required}
      onBlur={onBlur}
      data-testid={testId}
    />
  );
}

/** A day, yyyy-MM-dd. */
export function DateInput(props: DateInputProps) {
  return <Picker {...props} format={DATE_FORMAT} />;
}

/** A month, yyyy-MM: the calendar in month mode. */
export function MonthInput(props: DateInputProps) {
  return <Picker {...props} format={MONTH_FORMAT} />;
}

export interface DateTimeInputProps extends Omit<DateInputProps, 'max' | 'maxCheckedByForm' | 'placeholder'> {
  /** The time a newly chosen day starts with (HH:mm:ss): 00:00:00 for a range's start, 23:59:59 for its end. */
  defaultTime?: string;
  /** The time field's accessible name (its day field has the label of the surrounding Field); "Time" by default. */
  timeLabel?: string;
}

/** The time part of a yyyy-MM-ddTHH:mm(:ss) value, in HH:mm:ss. */
const timeTextOf = (value: string) => {
  const time = value.slice(11);
  return time.length === 5 ? `${time}:00` : time;
};

/**
 * A moment, yyyy-MM-ddTHH:mm:ss (local time, as the browser's datetime-local input gave it): a day picker and a 24-hour
 * time picker with seconds, offering every half hour and taking any typed time.
 */
export function DateTimeInput({ value, onChange, defaultTime = '00:00:00', timeLabel, onBlur, disabled, required, 'data-testid': testId }: DateTimeInputProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const day = value.slice(0, 10);
  const time = timeTextOf(value);
  const [timeText, setTimeText] = useState(time);
  // A value set from outside (reset, a record loaded) shows its time; typing keeps its own text until it is taken.
  useEffect(() => setTimeText(time), [time]);
  const dayDate = dateOf(day, DATE_FORMAT);
  const selectedTime = dayDate && time ? parseTime(time, dayDate) : null;
  const takeTime = (_event: unknown, data: TimeSelectionData) => {
    if (!day || !data.selectedTime) {
      setTimeText(time);
      return;
    }
    onChange(`${day}T${formatAs(TIME_FORMAT)(data.selectedTime)}`);
  };
  return (
    <div className={styles.dateTime}>
      <Picker
        className={styles.datePart}
        format={DATE_FORMAT}
        value={day}
        onChange={(next) => onChange(next ? `${next}T${time || defaultTime}` : '')}
        onBlur={onBlur}
        disabled={disabled}
        required={required}
        data-testid={testId}
      />
      <TimePicker
        className={styles.timePart}
        input={{ className: styles.timeInput }}
        aria-label={timeLabel ?? t('date.time')}
        freeform
        hourCycle="h23"
        showSeconds
        increment={30}
        dateAnchor={dayDate ?? undefined}
        selectedTime={selectedTime}
        value={timeText}
        onInput={(event) => setTimeText((event.target as HTMLInputElement).value)}
        onTimeChange={takeTime}
        formatDateToTimeString={formatAs(TIME_FORMAT)}
        parseTimeStringToDate={(text) => {
          const date = text && dayDate ? parseTime(text, dayDate) : null;
          return date ? { date } : { date: null, errorType: 'invalid-input' };
        }}
        placeholder="HH:mm:ss"
        disabled={disabled || !day}
        data-testid={testId ? `${testId}-time` : undefined}
      />
    </div>
  );
}
