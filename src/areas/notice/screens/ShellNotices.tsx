import { Button, CounterBadge, MessageBar, MessageBarBody, Popover, PopoverSurface, PopoverTrigger, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Alert20Regular, Megaphone16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Delay } from '../../../shared/constants';
import { NoticeLimits, type InboxNotice } from '../contract';
import { LoadingState } from '../../../renderer/components/states';
import { DialogFrame } from '../../../renderer/components/dialog/DialogFrame';
import { invalidateBridgeQueries, useBridgeMutation, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { formatDateTime } from '../../../renderer/lib/format';
import { NoticeBody } from './NoticeBody';

const useStyles = makeStyles({
  // Never narrower than a few words: a crowded header (long German menu names) squeezed the notice to a sliver.
  ticker: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: '120px', maxWidth: '480px', width: '100%', overflow: 'hidden', color: tokens.colorNeutralForeground2 },
  icon: { flexShrink: 0, color: tokens.colorPaletteMarigoldForeground1 },
  viewport: { overflow: 'hidden', height: '24px', flexGrow: 1, minWidth: 0 },
  item: {
    display: 'block',
    width: '100%',
    padding: 0,
    border: 'none',
    background: 'none',
    color: 'inherit',
    font: 'inherit',
    textAlign: 'left',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    lineHeight: '24px',
    ':hover': { textDecorationLine: 'underline' },
    animationName: { from: { transform: 'translateY(100%)', opacity: 0 }, to: { transform: 'translateY(0)', opacity: 1 } },
    animationDuration: `${Delay.noticeAnimationMs}ms`,
    animationTimingFunction: 'ease-out',
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
  bell: { position: 'relative', flexShrink: 0 },
  badge: { position: 'absolute', top: '0', right: '0', pointerEvents: 'none' },
  list: { display: 'flex', flexDirection: 'column', width: '340px', maxHeight: '420px', overflowY: 'auto', gap: tokens.spacingVerticalXXS },
  heading: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, fontWeight: tokens.fontWeightSemibold },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
    width: '100%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    background: 'none',
    textAlign: 'left',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground2,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  unread: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
  entryTitle: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, width: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  dot: { width: '8px', height: '8px', borderRadius: tokens.borderRadiusCircular, backgroundColor: tokens.colorPaletteRedBackground3, flexShrink: 0 },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  empty: { padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
  homeList: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  reader: { width: '560px', maxWidth: '95vw' },
  readerContent: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxHeight: '60vh', overflowY: 'auto' },
});

/**
 * The signed-in user's notices in force: asked every `NoticeLimits.pollMs` and when the window regains focus
 * (the renderer holds no token and no push channel; any server process answers from the database). One query
 * feeds the ticker and the bell.
 */
function useInbox() {
  return useBridgeQuery('notice.inbox', {}, { refetchInterval: NoticeLimits.pollMs, refetchOnWindowFocus: true, staleTime: 0, meta: { silent: true } });
}

/** Which notice the reader shows, shared by the ticker and the bell through the shell's header. */
function useNoticeReader() {
  const [openId, setOpenId] = useState<number | null>(null);
  return { openId, open: setOpenId, close: () => setOpenId(null) };
}

/** The notices in force (spec 000 §9: one at a time, the next every 3 s with a 0.5 s animation); hovering or focusing holds it; a click opens one. */
export function NoticeTicker({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const inbox = useInbox();
  const items = inbox.data?.notices ?? [];
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
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="notice-ticker"
    >
      <Megaphone16Regular className={styles.icon} />
      <div className={styles.viewport}>
        <button key={current.id} type="button" className={styles.item} title={current.title} aria-label={t('notice.ticker.open', { title: current.title })} onClick={() => onOpen(current.id)}>
          {current.title}
        </button>
      </div>
    </div>
  );
}

function InboxEntry({ notice, onOpen }: { notice: InboxNotice; onOpen: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <button type="button" className={mergeClasses(styles.entry, !notice.read && styles.unread)} onClick={onOpen} data-testid={`notice-entry-${notice.id}`} data-read={notice.read}>
      <span className={styles.entryTitle}>
        {notice.read ? null : <span className={styles.dot} role="img" aria-label={t('notice.inbox.unread')} />}
        {notice.title}
      </span>
      <span className={styles.meta}>
        {formatDateTime(notice.startTime)} · {t('notice.publishedBy', { name: notice.publisherName })}
      </span>
    </button>
  );
}

/** The bell: the number of unread notices in force, and their list; opening one marks it read. */
export function NoticeBell({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const inbox = useInbox();
  const [open, setOpen] = useState(false);
  const unread = inbox.data?.unread ?? 0;
  const notices = inbox.data?.notices ?? [];
  return (
    // The bell alone is the trigger: a trigger holding the bell would be a button inside a button (WCAG 4.1.2).
    <span className={styles.bell}>
      <Popover open={open} onOpenChange={(_event, data) => setOpen(data.open)} positioning="below-end" trapFocus>
        <PopoverTrigger disableButtonEnhancement>
          <Button appearance="subtle" icon={<Alert20Regular />} aria-label={unread > 0 ? t('notice.bellUnread', { count: unread }) : t('notice.bell')} data-testid="notice-bell" />
        </PopoverTrigger>
        <PopoverSurface aria-label={t('notice.inbox.title')} data-testid="notice-inbox">
          <div className={styles.list}>
            <Text className={styles.heading}>{t('notice.inbox.title')}</Text>
            {notices.length === 0 ? <Text className={styles.empty}>{t('notice.inbox.empty')}</Text> : null}
            {notices.map((notice) => (
              <InboxEntry
                key={notice.id}
                notice={notice}
                onOpen={() => {
                  setOpen(false);
                  onOpen(notice.id);
                }}
              />
            ))}
          </div>
        </PopoverSurface>
      </Popover>
      {unread > 0 ? <CounterBadge className={styles.badge} count={unread} size="small" color="danger" overflowCount={99} aria-hidden data-testid="notice-unread" /> : null}
    </span>
  );
}

/** A notice opened from the ticker or the bell: its body, and its read mark (the server records it on opening). */
export function NoticeReader({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const opening = useBridgeMutation('notice.open', {
    meta: { silent: true },
    onSuccess: () => void invalidateBridgeQueries(queryClient, 'notice.inbox'),
    // Withdrawn or expired since the list was asked for: the list is refreshed so it goes from there too.
    onError: () => void invalidateBridgeQueries(queryClient, 'notice.inbox'),
  });
  const { mutate } = opening;
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (asked.current === id) return;
    asked.current = id;
    mutate({ id });
  }, [id, mutate]);

  const notice = opening.data;
  return (
    <DialogFrame
      title={notice?.title ?? t('notice.inbox.title')}
      data-testid="notice-reader"
      className={styles.reader}
      contentClassName={styles.readerContent}
      onDismiss={onClose}
      close={{ 'data-testid': 'notice-reader-close' }}
    >
      {opening.isError ? (
        <MessageBar intent="warning" layout="multiline" data-testid="notice-open-failed">
          <MessageBarBody>{t('notice.inbox.openFailed')}</MessageBarBody>
        </MessageBar>
      ) : notice ? (
        <>
          <Text className={styles.meta}>
            {t('notice.publishedBy', { name: notice.publisherName })} · {t('notice.window', { start: formatDateTime(notice.startTime), end: formatDateTime(notice.endTime) })}
          </Text>
          <NoticeBody format={notice.contentFormat} content={notice.content} />
        </>
      ) : (
        <LoadingState />
      )}
    </DialogFrame>
  );
}

/** The notices in force as the Home page lists them, newest first; opening one marks it read. */
export function HomeNotices() {
  const { t } = useTranslation();
  const styles = useStyles();
  const inbox = useInbox();
  const reader = useNoticeReader();
  const notices = inbox.data?.notices ?? [];
  return (
    <div className={styles.homeList} data-testid="home-notices">
      {notices.length === 0 ? (
        <Text className={styles.empty}>{t('notice.inbox.empty')}</Text>
      ) : (
        notices.map((notice) => <InboxEntry key={notice.id} notice={notice} onOpen={() => reader.open(notice.id)} />)
      )}
      {reader.openId !== null ? <NoticeReader key={reader.openId} id={reader.openId} onClose={reader.close} /> : null}
    </div>
  );
}

/** What the shell's header mounts: the ticker, the bell and the reader they open. */
export function ShellNotices() {
  const reader = useNoticeReader();
  return (
    <>
      <NoticeTicker onOpen={reader.open} />
      <NoticeBell onOpen={reader.open} />
      {reader.openId !== null ? <NoticeReader key={reader.openId} id={reader.openId} onClose={reader.close} /> : null}
    </>
  );
}
