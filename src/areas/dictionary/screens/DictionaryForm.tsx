import {
  Button,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
} from '@fluentui/react-components';
import { dictionary, type DictionaryRecord } from '../contract';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { DictStatus, DictUpdatable, LOCALES, type Locale } from '../../../shared/constants';
import { Limits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { useConfirm } from '../../../renderer/components/ConfirmDialog';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { RecordFormSheet, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField, fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { EmptyState } from '../../../renderer/components/states';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import {
  NEW_DICTIONARY_VALUES,
  contractIssues,
  dictionaryPayload,
  fieldOfServerMessage,
  nameRowIssues,
  nameRowsOf,
  nextFreeLocale,
  parentIdOf,
  valuesOfRecord,
  type DictStatusValue,
  type DictUpdatableValue,
  type DictionaryField,
  type NameRow,
} from './dictionary-form';
import { invalidateDictionaryQueries } from './dictionary-queries';

const useStyles = makeStyles({
  langCell: { width: '180px' },
  actionCell: { width: '110px' },
  wide: { width: '100%' },
});

const FIELD_LABEL: Record<DictionaryField, MessageKey> = {
  dictNo: 'dictionary.field.dictNo',
  dictName: 'common.name',
  dictOrder: 'common.order',
  status: 'common.status',
  updated: 'dictionary.field.updated',
};

/**
 * The dictionary form (spec 001 §2 /dicManage/{dicId}; 'null' adds, `?parentId=` puts the new node under
 * a parent). It edits one node: its code, name, order, status, updatable flag and its names by language.
 * After saving it returns to the list.
 */
export default function DictionaryFormScreen() {
  const { t } = useTranslation();
  const { dicId } = useParams();
  const [search] = useSearchParams();
  const parentId = parentIdOf(search.get('parentId'));
  if (parentId === 'invalid') return <EmptyState text={t('dictionary.form.badParent')} />;
  return (
    <RecordLoader
      idParam={dicId}
      endpoint="dictionary.info"
      input={(id) => ({ id })}
      listPath={Route.dictionary}
      text={{ badAddress: t('dictionary.form.badAddress'), loadFailed: t('dictionary.form.loadFailed') }}
      testIdPrefix="dictionary"
    >
      {(loaded) => <DictionaryEditor {...loaded} parentId={parentId} />}
    </RecordLoader>
  );
}

/** The node a new one goes under, read for its name (and the names above it). */
function useParentPath(record: DictionaryRecord | null, parentId: number | null): string | null {
  const parent = useBridgeQuery('dictionary.info', { id: parentId ?? 0 }, { enabled: record === null && parentId !== null, meta: { silent: true } });
  if (record) return record.ancestors.map((a) => a.label).join(' / ') || null;
  if (parentId === null || !parent.data) return null;
  return [...parent.data.ancestors.map((a) => a.label), parent.data.label].join(' / ');
}

function DictionaryEditor({ record, reload, parentId }: LoadedRecord<DictionaryRecord> & { parentId: number | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const confirm = useConfirm();
  const parentPath = useParentPath(record, parentId);
  const [firstRows] = useState(() => nameRowsOf(record));
  const [rows, setRows] = useState<NameRow[]>(firstRows);
  const [nextKey, setNextKey] = useState(firstRows.length + 1);
  const rowIssues = nameRowIssues(rows);

  const controller = useRecordForm({
    record,
    initial: record ? valuesOfRecord(record) : NEW_DICTIONARY_VALUES,
    rules: contractIssues,
    otherProblems: () => rowIssues.size > 0,
    otherState: rows,
    onReset: () => setRows(firstRows),
    endpoints: dictionary,
    add: { endpoint: 'dictionary.add', payload: (values) => ({ ...dictionaryPayload(values, rows), parentId }) },
    // The version the form was filled from: saving over a newer one is refused, never silently overwritten.
    update: { endpoint: 'dictionary.update', payload: (values, stored) => ({ ...dictionaryPayload(values, rows), id: stored.id, version: stored.version }) },
    listPath: Route.dictionary,
    refresh: invalidateDictionaryQueries,
    conflict: () => ({ field: 'dictNo', key: 'dictionary.dictNoTaken' }),
    namePinnedField: namePinnedFieldBy(t, (field) => FIELD_LABEL[field], fieldOfServerMessage),
    reload,
  });
  const { form, locked } = controller;
  const { values } = form;
  const label = (field: DictionaryField) => t(FIELD_LABEL[field]);

  const setRow = (key: number, patch: Partial<Omit<NameRow, 'key'>>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const addRow = () => {
    const langId = nextFreeLocale(rows);
    if (langId === null) return;
    setRows((current) => [...current, { key: nextKey, langId, langName: '' }]);
    setNextKey((key) => key + 1);
  };
  /** A row whose name is filled goes only after the user agrees (spec 001 §4). */
  const removeRow = async (row: NameRow) => {
    if (row.langName.trim() !== '') {
      const agreed = await confirm({
        title: t('dictionary.names.removeTitle'),
        message: t('dictionary.names.removeConfirm', { language: t(`language.${row.langId}`), name: row.langName }),
        confirmLabel: t('dictionary.names.remove'),
        destructive: true,
      });
      if (!agreed) return;
    }
    setRows((current) => current.filter((candidate) => candidate.key !== row.key));
  };

  const isLocked = record?.updated === DictUpdatable.No;
  const title = record ? t('dictionary.form.editTitle', { name: record.label }) : parentPath ? t('dictionary.form.addItemTitle', { parent: parentPath }) : t('dictionary.form.addTitle');
  return (
    <RecordFormSheet
      controller={controller}
      title={title}
      subtitle={t('dictionary.form.subtitle')}
      testIdPrefix="dictionary"
      readOnlyText={t(record ? 'dictionary.form.readOnlyUpdate' : 'dictionary.form.readOnlyAdd')}
      notes={
        isLocked ? (
          <MessageBar intent="warning" data-testid="dictionary-form-locked">
            <MessageBarBody>{t('dictionary.form.locked')}</MessageBarBody>
          </MessageBar>
        ) : null
      }
    >
      <Field label={t('dictionary.field.parent')}>
        <Input value={parentPath ?? t('dictionary.parent.none')} readOnly disabled data-testid="field-parent" />
      </Field>
      <RuleField form={form} name="dictNo" label={label('dictNo')} hint={t('dictionary.hint.dictNo')} maxLength={Limits.dictNoMax} autoComplete="off" required disabled={locked} />
      <RuleField form={form} name="dictName" label={label('dictName')} maxLength={Limits.dictNameMax} required disabled={locked} />
      <RuleField form={form} name="dictOrder" label={label('dictOrder')} hint={t('common.orderHint')} type="number" required disabled={locked} />

      <Field label={label('status')}>
        <RadioGroup layout="horizontal" value={values.status} onChange={(_event, data) => form.setValue('status', data.value as DictStatusValue)} disabled={locked} data-testid="field-status">
          <Radio value={DictStatus.Use} label={t('dictionary.status.use')} />
          <Radio value={DictStatus.Stop} label={t('dictionary.status.stop')} />
        </RadioGroup>
      </Field>
      <Field label={label('updated')} hint={t('dictionary.hint.updated')}>
        <RadioGroup layout="horizontal" value={values.updated} onChange={(_event, data) => form.setValue('updated', data.value as DictUpdatableValue)} disabled={locked} data-testid="field-updated">
          <Radio value={DictUpdatable.Yes} label={t('dictionary.updated.yes')} />
          <Radio value={DictUpdatable.No} label={t('dictionary.updated.no')} />
        </RadioGroup>
      </Field>

      <Field label={t('dictionary.field.names')} hint={t('dictionary.hint.names')}>
        <Table size="small" aria-label={t('dictionary.field.names')} data-testid="dictionary-names">
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.langCell}>{t('language.label')}</TableHeaderCell>
              <TableHeaderCell>{t('common.name')}</TableHeaderCell>
              <TableHeaderCell className={styles.actionCell}>{t('common.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3}>{t('dictionary.names.empty')}</TableCell>
              </TableRow>
            ) : null}
            {rows.map((row) => {
              const issue = controller.attempted || row.langName !== '' ? rowIssues.get(row.key) : undefined;
              const issueText = (field: 'langId' | 'langName') => (issue?.field === field ? fieldMessage(t, issue.key, t(field === 'langId' ? 'language.label' : 'common.name')) : undefined);
              return (
                <TableRow key={row.key} data-testid="dictionary-name-row">
                  <TableCell>
                    <Field validationState={issueText('langId') ? 'error' : 'none'} validationMessage={issueText('langId')}>
                      <Dropdown
                        className={styles.wide}
                        value={t(`language.${row.langId}`)}
                        selectedOptions={[row.langId]}
                        onOptionSelect={(_event, data) => data.optionValue && setRow(row.key, { langId: data.optionValue as Locale })}
                        disabled={locked}
                        aria-label={t('language.label')}
                        data-testid="name-langId"
                      >
                        {LOCALES.map((locale) => (
                          <Option key={locale} value={locale}>
                            {t(`language.${locale}`)}
                          </Option>
                        ))}
                      </Dropdown>
                    </Field>
                  </TableCell>
                  <TableCell>
                    <Field validationState={issueText('langName') ? 'error' : 'none'} validationMessage={issueText('langName')}>
                      <Input
                        className={styles.wide}
                        value={row.langName}
                        maxLength={Limits.dictLangNameMax}
                        onChange={(_event, data) => setRow(row.key, { langName: data.value })}
                        disabled={locked}
                        aria-label={`${t('common.name')} ${t(`language.${row.langId}`)}`}
                        data-testid="name-langName"
                      />
                    </Field>
                  </TableCell>
                  <TableCell>
                    <Button appearance="subtle" icon={<Delete20Regular />} onClick={() => void removeRow(row)} disabled={locked} data-testid="name-remove">
                      {t('dictionary.names.remove')}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Field>
      <div>
        <Button icon={<Add20Regular />} onClick={addRow} disabled={locked || nextFreeLocale(rows) === null} data-testid="name-add">
          {t('dictionary.names.add')}
        </Button>
      </div>
    </RecordFormSheet>
  );
}
