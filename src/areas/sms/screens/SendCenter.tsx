import { Button, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { Route } from '../../../shared/routes';
import { PageFrame } from '../../../renderer/components/page/PageFrame';
import { ArrowClockwise16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsBatchRecord } from '../contract';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { RecordTable } from './RecordTable';
import { actionsColumn, createTimeColumn, createdByColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({ page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL } });

type BatchFilters = { templateName: string };
const NO_FILTERS: BatchFilters = { templateName: '' };
const rowId = (row: SmsBatchRecord) => row.id;
const rowLabel = (row: SmsBatchRecord) => `${row.id} ${row.templateName}`;

/** The send centre (/sendCenter): every send as a batch with its delivery counts; a batch's numbers below it. */
export default function SendCenter() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [opened, setOpened] = useState<number | null>(null);
  const list = useListController({
    queryId: 'sms.batchList',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, templateName: filters.templateName.trim() || undefined }),
    rowsOf: pageRows,
    getRowId: rowId,
  });
  const columns: ListColumn<SmsBatchRecord>[] = [
    { key: 'id', kind: 'number', header: t('sms.batch'), render: (row) => row.id },
    { key: 'templateName', kind: 'name', header: t('sms.templateName'), render: (row) => row.templateName },
    { key: 'content', kind: 'text', header: t('sms.content'), render: (row) => row.content },
    { key: 'counts', kind: 'number', header: t('sms.deliveryStatus'), render: (row) => <span data-testid={`batch-counts-${row.id}`}>{t('sms.counts', row)}</span> },
    { key: 'duplicates', kind: 'number', header: t('sms.duplicates'), render: (row) => row.duplicates },
    createdByColumn(t('sms.sender')),
    createTimeColumn(t('common.createTime')),
    actionsColumn(t('common.actions'), (row) => (
      <Button size="small" appearance="subtle" onClick={() => setOpened(row.id)} aria-label={`${t('sms.details')} ${row.id}`} data-testid={`batch-row-${row.id}-details`}>
        {t('sms.details')}
      </Button>
    )),
  ];
  return (
    <PageFrame route={Route.sendCenter} className={styles.page}>
      <ListScreen data-testid="sms-batches">
        <FilterBar
          label={t('sms.batchFilters')}
          filters={list.filters}
          testIdPrefix="filter-"
          after={
            <Button icon={<ArrowClockwise16Regular />} onClick={list.reload} disabled={list.loading} data-testid="batches-refresh">
              {t('list.refresh')}
            </Button>
          }
        >
          <FilterTextField
            label={t('sms.templateName')}
            value={list.filters.draft.templateName}
            placeholder={t('sms.templateNamePlaceholder')}
            onChange={(templateName) => list.filters.change({ templateName })}
            data-testid="filter-templateName"
          />
        </FilterBar>
        <ListTable aria-label={t('sms.batches')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('list.empty')} noMatchText={t('common.noMatch')} data-testid="batch-table" />
      </ListScreen>
      {opened !== null ? (
        <section aria-label={t('sms.batchRecords', { id: opened })}>
          <Title3 as="h3">{t('sms.batchRecords', { id: opened })}</Title3>
          <RecordTable key={opened} batchId={opened} testId="batch-records" />
        </section>
      ) : null}
    </PageFrame>
  );
}
