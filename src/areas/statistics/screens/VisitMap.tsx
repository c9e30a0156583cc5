import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { Chart as ChartJS, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { ChoroplethController, ColorScale, GeoFeature, ProjectionScale } from 'chartjs-chart-geo';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../shared/constants';
import { provinceName, type MapEntry } from '../contract';
import { mixColors } from './chart-colors';
import { PROVINCES } from './provinces';
import { useChartColors } from './useChartColors';

// This module is the map tab's own chunk: the geo plugin and the province shapes load with the tab.
ChartJS.register(ChoroplethController, GeoFeature, ColorScale, ProjectionScale, Tooltip);

const TOP_SHOWN = 5;

const useStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalXL, alignItems: 'flex-start', flexWrap: 'wrap' },
  canvas: { position: 'relative', flex: '1 1 480px', minWidth: '320px', height: '460px' },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: '160px' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** Sign-ins of one day on a map of China, each province shaded by its count (spec 001 §2 tab 1). */
export default function VisitMap({ entries, date }: { entries: readonly MapEntry[]; date: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const styles = useStyles();
  const { ref, colors } = useChartColors();
  const counts = useMemo(() => new Map(entries.map((e) => [e.name, e.value])), [entries]);

  const data = useMemo<ChartData<'choropleth'>>(
    () => ({
      labels: PROVINCES.map((f) => provinceName(f.properties.name, locale)),
      datasets: [
        {
          label: t('stats.logins'),
          outline: PROVINCES,
          showOutline: true,
          data: PROVINCES.map((feature) => ({ feature, value: counts.get(feature.properties.name) ?? 0 })),
          borderColor: colors?.stroke,
          borderWidth: 0.5,
        },
      ],
    }),
    [counts, colors, t, locale],
  );

  const options = useMemo<ChartOptions<'choropleth'>>(
    () => ({
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: false } },
      scales: {
        projection: { axis: 'x', projection: 'mercator' },
        color: {
          axis: 'x',
          // Counts start at none; a day without sign-ins stays the neutral colour instead of the middle of a -1…1 scale.
          min: 0,
          suggestedMax: 1,
          // No sign-ins is the neutral background; the busiest province the brand colour.
          interpolate: (share: number) => (colors ? mixColors(colors.empty, colors.brand, share === 0 ? 0 : 0.2 + 0.8 * share) : '#cccccc'),
          missing: colors?.empty ?? 'transparent',
          legend: { position: 'bottom-right', align: 'right' },
          ticks: { color: colors?.text },
        },
      },
    }),
    [colors],
  );

  const top = entries.slice(0, TOP_SHOWN);
  return (
    <div className={styles.root} ref={ref}>
      <div className={styles.canvas}>
        {colors ? <Chart type="choropleth" data={data} options={options} aria-label={t('stats.mapLabel', { date })} role="img" data-testid="stats-map-canvas" /> : null}
      </div>
      <div className={styles.side} data-testid="stats-map-top">
        {top.length === 0 ? (
          <Text>{t('stats.mapNone')}</Text>
        ) : (
          <>
            <Text weight="semibold">{t('stats.mapTop')}</Text>
            <ol className={styles.list}>
              {top.map((entry) => (
                <li key={entry.name}>{`${provinceName(entry.name, locale)}: ${entry.value}`}</li>
              ))}
            </ol>
          </>
        )}
      </div>
    </div>
  );
}
