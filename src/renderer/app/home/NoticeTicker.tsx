import { makeStyles, tokens } from '@fluentui/react-components';
import { Megaphone16Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Delay } from '../../../shared/constants';
import { useBridgeQuery } from '../../hooks/bridge-query';

const useStyles = makeStyles({
  ticker: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0, maxWidth: '480px', width: '100%', overflow: 'hidden', color: tokens.colorNeutralForeground2 },
  icon: { flexShrink: 0, color: tokens.colorPaletteMarigoldForeground1 },
  viewport: { overflow: 'hidden', height: '20px', flexGrow: 1, minWidth: 0 },
  item: {
    display: 'block',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    lineHeight: '20px',
    animationName: { from: { transform: 'translateY(100%)', opacity: 0 }, to: { transform: 'translateY(0)', opacity: 1 } },
    animationDuration: `${Delay.noticeAnimationMs}ms`,
    animationTimingFunction: 'ease-out',
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
});

/** The notices of `session.dynamicMessages`, one at a time, the next every 3 s; hovering or focusing pauses it. */
export function NoticeTicker() {
  const { t } = useTranslation();
  const styles = useStyles();
  const notices = useBridgeQuery('session.dynamicMessages', {}, { meta: { silent: true } });
  const items = notices.data ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (items.length < 2 || paused) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % items.length), Delay.noticeRotateMs);
    return () => clearInterval(timer);
  }, [items.length, paused]);

  const current = items[index % Math.max(1, items.length)];
  if (!current) return null;
  return (
    <div
      className={styles.ticker}
      role="region"
      aria-label={t('home.notices')}
      tabIndex={0}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="notice-ticker"
    >
      <Megaphone16Regular className={styles.icon} />
      <div className={styles.viewport}>
        <span key={current.id} className={styles.item} title={current.content}>
          {current.content}
        </span>
      </div>
    </div>
  );
}
