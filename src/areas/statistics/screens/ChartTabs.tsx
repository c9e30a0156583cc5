import { Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../renderer/components/states';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { DateInput, MonthInput } from '../../../renderer/components/date/DateFields';

// Each chart's code (and the map's shapes) is its own chunk, fetched when its tab is first selected.
const VisitMap = lazy(() => import('./VisitMap'));
const VisitSeries = lazy(() => import('./VisitSeries'));

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  picker: { width: '200px' },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** A date (yyyy-MM-dd) or month (yyyy-MM) picker that offers nothing after `max` (spec: no future dates). */
function PeriodPicker({ kind, value, max, onChange, testId }: { kind: 'date' | 'month'; value: string; max: string; onChange: (value: string) => void; testId: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const Picker = kind === 'date' ? DateInput : MonthInput;
  return (
    <Field label={t(kind === 'date' ? 'stats.date' : 'stats.month')} className={styles.picker}>
      {/* A cleared field is not taken: the chart keeps its period (a typed later one is taken as the bound). */}
      <Picker value={value} max={max} required onChange={(next) => next && onChange(next)} data-testid={testId} />
    </Field>
  );
}

function TabFrame({ picker, total, children }: { picker: ReactNode; total?: number; children: ReactNode }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.tab}>
      <div className={styles.bar}>
        {picker}
        {total !== undefined ? <Text data-testid="stats-chart-total">{t('stats.chartTotal', { count: total })}</Text> : null}
        <Text size={200} className={styles.hint}>
          {t('stats.timeZoneHint')}
        </Text>
      </div>
      <Suspense fallback={<LoadingState />}>{children}</Suspense>
    </div>
  );
}

export function MapTab({ date, today, onDateChange }: { date: string; today: string; onDateChange: (date: string) => void }) {
  const { t } = useTranslation();
  const query = useBridgeQuery('statistics.accessMap', { date }, { meta: { silent: true } });
  const total = query.data?.reduce((sum, entry) => sum + entry.value, 0);
  return (
    <TabFrame picker={<PeriodPicker kind="date" value={date} max={today} onChange={onDateChange} testId="stats-map-date" />} total={total}>
      {query.isError ? <ErrorState title={t('list.error')} error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <LoadingState /> : null}
      {query.data ? <VisitMap entries={query.data} date={date} /> : null}
    </TabFrame>
  );
}

export function DayTab({ date, today, onDateChange }: { date: string; today: string; onDateChange: (date: string) => void }) {
  const { t } = useTranslation();
  const query = useBridgeQuery('statistics.day', { date }, { meta: { silent: true } });
  const hourLabel = useCallback((hour: string) => t('stats.hourTick', { hour }), [t]);
  return (
    <TabFrame picker={<PeriodPicker kind="date" value={date} max={today} onChange={onDateChange} testId="stats-day-date" />} total={query.data?.values.reduce((a, b) => a + b, 0)}>
      {query.isError ? <ErrorState title={t('list.error')} error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <LoadingState /> : null}
      {query.data ? <VisitSeries series={query.data} label={t('stats.dayLabel', { date })} tickLabel={hourLabel} testId="stats-day-canvas" /> : null}
    </TabFrame>
  );
}

const dayOfMonth = (date: string) => date.slice(8);

export function MonthTab({ month, thisMonth, onMonthChange }: { month: string; thisMonth: string; onMonthChange: (month: string) => void }) {
  const { t } = useTranslation();
  const query = useBridgeQuery('statistics.month', { month }, { meta: { silent: true } });
  return (
    <TabFrame picker={<PeriodPicker kind="month" value={month} max={thisMonth} onChange={onMonthChange} testId="stats-month-month" />} total={query.data?.values.reduce((a, b) => a + b, 0)}>
      {query.isError ? <ErrorState title={t('list.error')} error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <LoadingState /> : null}
      {query.data ? <VisitSeries series={query.data} label={t('stats.monthLabel', { month })} tickLabel={dayOfMonth} testId="stats-month-canvas" /> : null}
    </TabFrame>
  );
}
