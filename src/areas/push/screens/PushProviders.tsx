import { Badge, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { PageFrame } from '../../../renderer/components/page/PageFrame';
import { Send16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { push, type PushProviderRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions, useEditDeleteActions } from '../../../renderer/components/list/RowActions';
import { FilterBar, FilterTextField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, recordFormRoutes, useListController } from '../../../renderer/components/list/useListController';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { PushDialog } from './PushDialog';
import { PushRecordTable } from './PushRecordTable';
import { invalidateProviderQueries, invalidateRecordQueries } from './queries';
import { actionsColumn, createTimeColumn, createdByColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  tabs: { paddingLeft: tokens.spacingHorizontalL, paddingTop: tokens.spacingVerticalS },
  key: { fontFamily: tokens.fontFamilyMonospace },
});

type ProviderFilters = { alias: string };
const NO_FILTERS: ProviderFilters = { alias: '' };
const rowId = (row: PushProviderRecord) => row.id;
const rowLabel = (row: PushProviderRecord) => row.alias;
const routes = recordFormRoutes(Route.newPolar, 'id', Perm.pushSave);

type PushTab = 'providers' | 'records';

/**
 * Push (/polarLight): the JPush providers (alias, AppKey, whether a Master Secret is stored, APNs environment,
 * created) with add, edit and delete (after a confirmation) and a Push action per provider that opens the
 * compose dialog; a second tab lists the pushes with their delivery state. Both tabs stay mounted, so their
 * filters and pages are kept while the other is on view.
 */
export default function PushProviders() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<PushTab>('providers');
  const [composing, setComposing] = useState<PushProviderRecord | null>(null);
  const options = useBridgeQuery('push.providerOptions', {});
  const list = useListController({
    queryId: 'push.providerList',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, alias: filters.alias.trim() || undefined }),
    rowsOf: pageRows,
    getRowId: rowId,
    routes,
    deleteSelected: {
      endpoint: 'push.providerDelete',
      input: (ids) => ({ ids: ids.join(',') }),
      confirmTitle: t('push.deleteTitle'),
      itemLabel: rowLabel,
      question: { one: 'push.deleteOne', many: 'push.deleteMany' },
      invalidate: invalidateProviderQueries,
    },
  });
  const rowActions = useEditDeleteActions({
    edit: { endpoint: push.providerUpdate, run: (row: PushProviderRecord) => navigate(routes.edit(row.id)) },
    remove: { endpoint: push.providerDelete, run: list.deleteRow },
  });
  const columns: ListColumn<PushProviderRecord>[] = [
    { key: 'alias', kind: 'code', header: t('push.alias'), render: (row) => row.alias },
    { key: 'appKey', kind: 'code', header: t('push.appKey'), render: (row) => <span className={styles.key}>{row.appKey}</span> },
    {
      key: 'secret',
      kind: 'code',
      header: t('push.secretState'),
      render: (row) => (
        <Badge appearance="tint" color={row.secretSet ? 'success' : 'warning'} data-testid={`provider-secret-${row.id}`}>
          {row.secretSet ? t('push.secretSet') : t('push.secretMissing')}
        </Badge>
      ),
      width: '10%',
    },
    { key: 'apns', kind: 'status', header: t('push.apnsProduction'), render: (row) => (row.apnsProduction ? t('push.apnsProductionOn') : t('push.apnsProductionOff')) },
    createdByColumn(t('common.createdBy')),
    createTimeColumn(t('common.createTime')),
    actionsColumn(t('common.actions'), (row) => (
      <RowActions
        rowLabel={row.alias}
        testIdPrefix={`provider-row-${row.id}`}
        actions={[
          {
            key: 'push',
            label: t('push.push'),
            icon: <Send16Regular />,
            onClick: () => setComposing(row),
            perm: Perm.pushSend,
          },
          rowActions.edit(row),
          rowActions.remove(row),
        ]}
      />
    )),
  ];
  return (
    <PageFrame route={Route.polarLight} className={styles.page}>
      <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as PushTab)} aria-label={t('push.tabs')} data-testid="push-tabs">
        <Tab value="providers" data-testid="push-tab-providers">
          {t('push.tabProviders')}
        </Tab>
        <Tab value="records" data-testid="push-tab-records">
          {t('push.tabRecords')}
        </Tab>
      </TabList>
      <div hidden={tab !== 'providers'}>
        <ListScreen data-testid="provider-list">
          <FilterBar label={t('push.providerFilters')} filters={list.filters} testIdPrefix="filter-">
            <FilterTextField
              label={t('push.alias')}
              value={list.filters.draft.alias}
              placeholder={t('push.aliasPlaceholder')}
              onChange={(alias) => list.filters.change({ alias })}
              data-testid="filter-alias"
            />
          </FilterBar>
          <ListActions list={list} label={t('push.providerActions')} testIdPrefix="provider" endpoints={{ add: push.providerAdd, edit: push.providerUpdate, remove: push.providerDelete }} />
          <ListTable aria-label={t('push.providers')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('list.empty')} noMatchText={t('common.noMatch')} data-testid="provider-table" />
        </ListScreen>
      </div>
      <div hidden={tab !== 'records'}>
        <PushRecordTable providers={options.data ?? []} />
      </div>
      {composing ? (
        <PushDialog
          provider={composing}
          onClose={() => setComposing(null)}
          onSent={() => {
            setComposing(null);
            setTab('records');
            void invalidateRecordQueries(queryClient);
          }}
        />
      ) : null}
    </PageFrame>
  );
}
