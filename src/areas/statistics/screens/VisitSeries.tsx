import { makeStyles } from '@fluentui/react-components';
import { BarController, BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import type { SeriesOutput } from '../contract';
import { useChartColors } from './useChartColors';

// The day and month tabs' own chunk.
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const useStyles = makeStyles({ canvas: { position: 'relative', height: '380px', minWidth: 0 } });

/** Sign-ins per bucket as bars: the hours of a day or the days of a month (spec 001 §2 tabs 2 and 3). */
export default function VisitSeries({ series, label, tickLabel, testId }: { series: SeriesOutput; label: string; tickLabel: (bucket: string) => string; testId: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { ref, colors } = useChartColors();

  const data = useMemo<ChartData<'bar'>>(
    () => ({
      labels: series.date.map(tickLabel),
      datasets: [{ label: t('stats.logins'), data: series.values, backgroundColor: colors?.brand, borderRadius: 2 }],
    }),
    [series, tickLabel, colors, t],
  );
  const options = useMemo<ChartOptions<'bar'>>(
    () => ({
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: false } },
      scales: {
        x: { grid: { display: false }, ticks: { color: colors?.text } },
        y: { beginAtZero: true, ticks: { precision: 0, color: colors?.text }, grid: { color: colors?.stroke } },
      },
    }),
    [colors],
  );

  return (
    <div className={styles.canvas} ref={ref}>
      {colors ? <Bar data={data} options={options} aria-label={label} role="img" data-testid={testId} /> : null}
    </div>
  );
}
