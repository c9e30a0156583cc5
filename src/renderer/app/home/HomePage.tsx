import { Button, Card, CardHeader, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { History20Regular, Megaphone20Regular, People20Regular, PlugDisconnected20Regular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_INTERFACE_NAMES } from '../../../shared/contract/endpoint-names';
import type { Locale } from '../../../shared/constants';
import type { NavNode } from '../../../shared/contract/session';
import { Route } from '../../../shared/routes';
import { HomeNotices } from '../../../areas/notice/screens/ShellNotices';
import { useBridgeQuery } from '../../hooks/bridge-query';
import { viewPath } from '../../components/list/view-link';
import { findMenuByUrl } from './nav';

const useStyles = makeStyles({
  // Two columns of cards at desktop widths (the figures side by side, then recent screens and notices), one when narrow:
  // no card stretches over a row it cannot fill.
  page: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingHorizontalL,
    alignItems: 'start',
    alignContent: 'start',
    overflowY: 'auto',
    height: '100%',
    boxSizing: 'border-box',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  // The figure tiles share their card's width.
  figures: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: tokens.spacingHorizontalM },
  figure: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'flex-start', minWidth: 0, height: 'auto', padding: tokens.spacingVerticalM },
  number: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  recent: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * Home when no tab is on view (issue 13): the screens this user opened last (those the role still has), the
 * notices in force, and for a role that may see visit statistics, today's figures, each opening that screen.
 */
export function HomePage({ nav, recent, onOpen }: { nav: readonly NavNode[]; recent: readonly string[]; onOpen: (path: string) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const recentPages = recent.flatMap((path) => {
    const page = findMenuByUrl(nav, path);
    return page ? [{ path, name: page.name }] : [];
  });
  const statistics = findMenuByUrl(nav, Route.userStatistics);
  const interfaces = findMenuByUrl(nav, Route.interFace);
  return (
    <div className={styles.page} data-testid="home-page">
      {statistics ? <VisitFigures title={statistics.name} onOpen={() => onOpen(Route.userStatistics)} /> : null}
      {interfaces ? <InterfaceFigures title={interfaces.name} onOpen={onOpen} /> : null}
      <Card>
        <CardHeader image={<History20Regular />} header={<Subtitle2 as="h2">{t('home.recent')}</Subtitle2>} />
        <div className={styles.recent} data-testid="home-recent">
          {recentPages.length === 0 ? (
            <Text className={styles.muted}>{t('home.emptyView')}</Text>
          ) : (
            recentPages.map((page) => (
              <Button key={page.path} appearance="transparent" onClick={() => onOpen(page.path)} data-testid={`home-recent-${page.path}`}>
                {page.name}
              </Button>
            ))
          )}
        </div>
      </Card>
      <Card>
        <CardHeader image={<Megaphone20Regular />} header={<Subtitle2 as="h2">{t('home.notices')}</Subtitle2>} />
        <HomeNotices />
      </Card>
    </div>
  );
}

interface Figure {
  key: 'online' | 'todayCount' | 'todayTimes' | 'failedSignIns' | 'recentErrors';
  value: number | undefined;
  open: () => void;
}

function FigureButtons({ figures }: { figures: readonly Figure[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.figures}>
      {figures.map(({ key, value, open }) => (
        // Named by what it shows, number then label (a separate aria-label would not match the visible text).
        <Button key={key} className={styles.figure} onClick={open} data-testid={`home-figure-${key}`}>
          <span className={styles.number}>{value ?? '…'}</span>
          <Text>{t(`home.figure.${key}`)}</Text>
        </Button>
      ))}
    </div>
  );
}

/** A `datetime-local` filter value (the interface list's time filters) for an instant, in the workstation's time. */
const localFilterTime = (iso: string) => dayjs(iso).format('YYYY-MM-DDTHH:mm:ss');

/**
 * Failed sign-ins today and interface errors in the last hour, of the calls the role may see; each opens interface
 * monitoring filtered to exactly the calls it counted (the server answers the instants it counted from).
 */
function InterfaceFigures({ title, onOpen }: { title: string; onOpen: (path: string) => void }) {
  const { i18n } = useTranslation();
  const figures = useBridgeQuery('interfaceLog.figures', {}, { refetchInterval: 60_000, meta: { silent: true } });
  const data = figures.data;
  const openFiltered = (filters: Record<string, string>) => onOpen(viewPath(Route.interFace, { filters }));
  return (
    <Card>
      <CardHeader image={<PlugDisconnected20Regular />} header={<Subtitle2 as="h2">{title}</Subtitle2>} />
      <FigureButtons
        figures={[
          {
            key: 'failedSignIns',
            value: data?.failedSignIns,
            open: () => data && openFiltered({ interfaceName: SIGN_IN_INTERFACE_NAMES[i18n.language as Locale], outcome: 'failed', startTime: localFilterTime(data.failedSignInsFrom) }),
          },
          { key: 'recentErrors', value: data?.recentErrors, open: () => data && openFiltered({ outcome: 'failed', startTime: localFilterTime(data.recentErrorsFrom) }) },
        ]}
      />
    </Card>
  );
}

/** Today's visit figures of the role's organisations; a click opens visit statistics. */
function VisitFigures({ title, onOpen }: { title: string; onOpen: () => void }) {
  const profile = useBridgeQuery('statistics.profile', {}, { refetchInterval: 60_000, meta: { silent: true } });
  const figures: Figure[] = [
    { key: 'online', value: profile.data?.onlineCount, open: onOpen },
    { key: 'todayCount', value: profile.data?.todayCount, open: onOpen },
    { key: 'todayTimes', value: profile.data?.todayTimes, open: onOpen },
  ];
  return (
    <Card>
      <CardHeader image={<People20Regular />} header={<Subtitle2 as="h2">{title}</Subtitle2>} />
      <FigureButtons figures={figures} />
    </Card>
  );
}
