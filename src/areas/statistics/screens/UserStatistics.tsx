import { Card, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { Route } from '../../../shared/routes';
import { PageFrame } from '../../../renderer/components/page/PageFrame';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatisticsProfile } from '../contract';
import { ErrorState, LoadingState } from '../../../renderer/components/states';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { DayTab, MapTab, MonthTab } from './ChartTabs';
import { RecordsTab } from './RecordsTab';
import { SessionsTab } from './SessionsTab';

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL, minWidth: 0 },
  summary: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: tokens.spacingHorizontalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  number: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
});

const SUMMARY: ReadonlyArray<{ key: Exclude<keyof StatisticsProfile, 'today'>; label: 'home.figure.online' | 'stats.todayCount' | 'stats.todayTimes' | 'stats.totalCount' | 'stats.totalTimes' }> = [
  { key: 'onlineCount', label: 'home.figure.online' },
  { key: 'todayCount', label: 'stats.todayCount' },
  { key: 'todayTimes', label: 'stats.todayTimes' },
  { key: 'totalCount', label: 'stats.totalCount' },
  { key: 'totalTimes', label: 'stats.totalTimes' },
];

const TABS = ['map', 'day', 'month', 'records', 'sessions'] as const;
type StatisticsTab = (typeof TABS)[number];

/**
 * Visit statistics (spec 001 §2 /userStatistics, kept): the summary numbers, then the map, day, month and
 * login-record tabs and the online sessions, each asking the server only once it is selected (§4).
 */
export default function UserStatistics() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [tab, setTab] = useState<StatisticsTab>('map');
  const profile = useBridgeQuery('statistics.profile', {}, { meta: { silent: true } });
  // Days are the server's: its "today" is the default and the latest day a picker offers.
  const today = profile.data?.today ?? null;
  const [mapDate, setMapDate] = useState<string | null>(null);
  const [dayDate, setDayDate] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(null);

  return (
    <PageFrame route={Route.userStatistics} className={styles.screen} data-testid="statistics-screen">
      {profile.isError ? <ErrorState title={t('stats.summaryFailed')} error={profile.error} onRetry={() => void profile.refetch()} /> : null}
      <div className={styles.summary} role="group" aria-label={t('stats.summary')}>
        {SUMMARY.map(({ key, label }) => (
          <Card key={key} className={styles.card} data-testid={`stats-${key}`}>
            <Text>{t(label)}</Text>
            <Text className={styles.number}>{profile.data ? profile.data[key] : '–'}</Text>
          </Card>
        ))}
      </div>
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as StatisticsTab)} aria-label={t('stats.tabs')}>
        {TABS.map((name) => (
          <Tab key={name} value={name} data-testid={`stats-tab-${name}`}>
            {t(`stats.tab.${name}`)}
          </Tab>
        ))}
      </TabList>
      <div className={styles.panel} role="tabpanel" aria-label={t(`stats.tab.${tab}`)}>
        {today === null && (tab === 'map' || tab === 'day' || tab === 'month') ? <LoadingState /> : null}
        {today !== null && tab === 'map' ? <MapTab date={mapDate ?? today} today={today} onDateChange={setMapDate} /> : null}
        {today !== null && tab === 'day' ? <DayTab date={dayDate ?? today} today={today} onDateChange={setDayDate} /> : null}
        {today !== null && tab === 'month' ? <MonthTab month={month ?? today.slice(0, 7)} thisMonth={today.slice(0, 7)} onMonthChange={setMonth} /> : null}
        {tab === 'records' ? <RecordsTab /> : null}
        {tab === 'sessions' ? <SessionsTab /> : null}
      </div>
    </PageFrame>
  );
}
