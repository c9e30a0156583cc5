import { Button, Dropdown, Input, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeft16Regular, ChevronRight16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, PAGER_ELLIPSIS_ABOVE } from '../../../shared/constants';
import { pageCountOf, pagerItems, resolveJumpPage } from './paging';

const useStyles = makeStyles({
  pager: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalS} 0` },
  summary: { display: 'flex', gap: tokens.spacingHorizontalM, marginRight: 'auto', color: tokens.colorNeutralForeground2 },
  pageSize: { minWidth: '120px' },
  page: { minWidth: '32px' },
  jump: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  jumpInput: { width: '56px' },
});

export interface PagerProps {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  /** Shown as 'n selected' when the list has a selection. */
  selectedCount?: number;
  /** The page-size selector's sizes; null hides it (the multilingual-text list has none). */
  pageSizeOptions?: readonly number[] | null;
}

/** Total, selected count, page size, page buttons (ellipsis above 5 pages) and 'go to page' (spec 000 §5, §9). */
export function Pager({ total, page, pageSize, onPageChange, selectedCount, pageSizeOptions = PAGE_SIZE_OPTIONS }: PagerProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [jump, setJump] = useState('');
  const pageCount = pageCountOf(total, pageSize);
  const go = (target: number) => target !== page && onPageChange(target, pageSize);
  const jumpNow = () => {
    const target = resolveJumpPage(jump, pageCount);
    setJump('');
    if (target !== null) go(target);
  };
  const skip = PAGER_ELLIPSIS_ABOVE - 2;

  return (
    <nav className={styles.pager} aria-label={t('list.pagination')} data-testid="pager">
      <div className={styles.summary}>
        <Text data-testid="pager-total">{t('list.total', { count: total })}</Text>
        {selectedCount !== undefined ? <Text data-testid="selected-count">{t('list.selected', { count: selectedCount })}</Text> : null}
      </div>
      {pageSizeOptions ? (
        <Dropdown
          className={styles.pageSize}
          aria-label={t('list.pageSize')}
          value={t('list.pageSizeOption', { size: pageSize })}
          selectedOptions={[String(pageSize)]}
          onOptionSelect={(_event, data) => data.optionValue && onPageChange(page, Number(data.optionValue))}
          data-testid="page-size"
        >
          {pageSizeOptions.map((size) => (
            <Option key={size} value={String(size)}>
              {t('list.pageSizeOption', { size })}
            </Option>
          ))}
        </Dropdown>
      ) : null}
      <Button appearance="subtle" icon={<ChevronLeft16Regular />} aria-label={t('list.prev')} disabled={page <= 1} onClick={() => go(page - 1)} />
      {pagerItems(page, pageCount).map((item) =>
        item.kind === 'page' ? (
          <Button
            key={`page-${item.page}`}
            className={styles.page}
            appearance={item.page === page ? 'primary' : 'subtle'}
            aria-label={t('list.page', { page: item.page })}
            aria-current={item.page === page ? 'page' : undefined}
            onClick={() => go(item.page)}
          >
            {item.page}
          </Button>
        ) : (
          <Button
            key={`more-${item.direction}`}
            className={styles.page}
            appearance="subtle"
            aria-label={t(item.direction === 'prev' ? 'list.morePrev' : 'list.moreNext', { count: skip })}
            onClick={() => go(item.target)}
          >
            …
          </Button>
        ),
      )}
      <Button appearance="subtle" icon={<ChevronRight16Regular />} aria-label={t('list.next')} disabled={page >= pageCount} onClick={() => go(page + 1)} />
      <label className={styles.jump}>
        <Text>{t('list.jumpTo')}</Text>
        <Input
          className={styles.jumpInput}
          inputMode="numeric"
          value={jump}
          onChange={(_event, data) => setJump(data.value)}
          onKeyDown={(event) => event.key === 'Enter' && jumpNow()}
          onBlur={() => jump !== '' && jumpNow()}
          data-testid="page-jump"
        />
        <Text>{t('list.jumpSuffix')}</Text>
      </label>
    </nav>
  );
}
