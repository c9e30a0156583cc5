import { Badge, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { Pin16Regular, PinOff16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { InfoSwitch } from '../../info-category/contract';
import { information, type ArticleRow } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions, useEditDeleteActions } from '../../../renderer/components/list/RowActions';
import { FilterBar, FilterTextField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, recordFormRoutes, useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { usePermissions } from '../../../renderer/components/permissions';
import { invalidateBridgeQueries, useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { actionsColumn, createTimeColumn, createdByColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({ title: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS } });

type ArticleFilters = { title: string; classificationName: string };
const NO_FILTERS: ArticleFilters = { title: '', classificationName: '' };

const articleRowId = (row: ArticleRow) => row.id;
const articleLabel = (row: ArticleRow) => row.title;
const articleRoutes = recordFormRoutes(Route.addInforMation, 'id', Perm.infoUpdate);

async function invalidateArticles(client: ReturnType<typeof useQueryClient>): Promise<void> {
  await Promise.all([invalidateBridgeQueries(client, 'information.list'), invalidateBridgeQueries(client, 'information.info')]);
}

/**
 * The information list (spec 001 §2 /information, kept): title and category filters, add and batch delete,
 * the display switch that saves at once, pin or cancel pin, edit and delete per row, paging. Pinned
 * articles come first, then by sort, then the newest.
 */
export default function InformationList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { has } = usePermissions();

  const list = useListController({
    queryId: 'information.list',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, title: filters.title.trim() || undefined, classificationName: filters.classificationName.trim() || undefined }),
    rowsOf: pageRows,
    getRowId: articleRowId,
    routes: articleRoutes,
    deleteSelected: {
      endpoint: 'information.delete',
      input: (ids) => ({ ids: ids.join(',') }),
      confirmTitle: t('information.deleteTitle'),
      itemLabel: articleLabel,
      question: { one: 'information.deleteOne', many: 'information.deleteMany' },
      invalidate: invalidateArticles,
    },
  });
  const { reload } = list;

  const display = useBridgeMutation('information.display');
  const top = useBridgeMutation('information.top');
  const switching = display.isPending || top.isPending;

  const setDisplay = (row: ArticleRow, shown: boolean) =>
    display.mutate(
      { id: row.id, display: shown ? InfoSwitch.On : InfoSwitch.Off },
      {
        onSuccess: () => {
          notify.success(t(shown ? 'information.shown' : 'information.hidden'));
          void invalidateArticles(queryClient);
        },
        onError: () => reload(),
      },
    );
  // Spec 001 §4: top 0 becomes 1 (pinned), 1 becomes 0 (pin cancelled).
  const togglePin = (row: ArticleRow) => {
    const pin = row.top !== InfoSwitch.On;
    top.mutate(
      { id: row.id, top: pin ? InfoSwitch.On : InfoSwitch.Off },
      {
        onSuccess: () => {
          notify.success(t(pin ? 'information.topped' : 'information.untopped'));
          void invalidateArticles(queryClient);
        },
        onError: () => reload(),
      },
    );
  };
  const rowActions = useEditDeleteActions({
    edit: { endpoint: information.update, run: (row: ArticleRow) => navigate(articleRoutes.edit(row.id)) },
    remove: { endpoint: information.delete, run: list.deleteRow },
  });

  const columns: ListColumn<ArticleRow>[] = [
    { key: 'systemName', kind: 'name', header: t('common.ownedBySystem'), render: (row) => row.systemName },
    {
      key: 'title',
      kind: 'text',
      header: t('common.title'),
      render: (row) => (
        <span className={styles.title}>
          {row.top === InfoSwitch.On ? (
            <Badge appearance="tint" color="brand" data-testid={`article-pinned-${row.id}`}>
              {t('information.pinned')}
            </Badge>
          ) : null}
          {row.title}
        </span>
      ),
    },
    { key: 'classificationName', kind: 'name', header: t('information.category'), render: (row) => row.classificationName },
    { key: 'sort', kind: 'number', header: t('information.sort'), render: (row) => row.sort },
    {
      key: 'display',
      kind: 'status',
      header: t('information.display'),
      render: (row) => (
        <Switch
          checked={row.display === InfoSwitch.On}
          onChange={(_event, data) => setDisplay(row, data.checked)}
          disabled={!has(Perm.infoDisplay) || switching}
          aria-label={t('information.displayOf', { name: row.title })}
          data-testid={`article-display-${row.id}`}
        />
      ),
    },
    createdByColumn(t('common.createdBy')),
    createTimeColumn(t('common.createTime')),
    actionsColumn(t('common.actions'), (row) => (
      <RowActions
        rowLabel={row.title}
        testIdPrefix={`article-row-${row.id}`}
        actions={[
          {
            key: 'top',
            label: t(row.top === InfoSwitch.On ? 'information.unpin' : 'information.pin'),
            icon: row.top === InfoSwitch.On ? <PinOff16Regular /> : <Pin16Regular />,
            onClick: () => togglePin(row),
            perm: Perm.infoTop,
            disabled: switching,
          },
          rowActions.edit(row),
          rowActions.remove(row),
        ]}
      />
    )),
  ];

  const { draft } = list.filters;
  return (
    <ListScreen route={Route.information} data-testid="article-list">
      <FilterBar label={t('information.filters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('common.title')}
          value={draft.title}
          placeholder={t('information.titlePlaceholder')}
          onChange={(title) => list.filters.change({ title })}
          data-testid="filter-title"
        />
        <FilterTextField
          label={t('information.category')}
          value={draft.classificationName}
          placeholder={t('information.categoryFilterPlaceholder')}
          onChange={(classificationName) => list.filters.change({ classificationName })}
          data-testid="filter-category"
        />
      </FilterBar>
      <ListActions list={list} label={t('information.actions')} testIdPrefix="article" endpoints={{ add: information.add, edit: information.update, remove: information.delete }} />
      <ListTable
        aria-label={t('information.listLabel')}
        list={list}
        columns={columns}
        getRowLabel={articleLabel}
        emptyText={t('information.empty')}
        noMatchText={t('information.noMatch')}
        data-testid="article-table"
      />
    </ListScreen>
  );
}
