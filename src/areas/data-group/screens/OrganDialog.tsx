import { Dropdown, Field, MessageBar, MessageBarBody, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { OrganForm, OrganRow } from '../contract';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { useDialogRecordForm } from '../../../renderer/components/dialog/useDialogForm';
import { DataDialog } from './DataDialog';
import { NameNumberFields, RemarkField } from './BasicFields';
import { NEW_ORGAN, organRules, organValuesOf, issuesOf, payloadOf, type OrganValues } from './forms';

/** Adds an organ to a data group (`row` null) or edits one at the version it was read. */
export function OrganDialog({ row, onClose, onSaved }: { row: OrganRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const groups = useBridgeQuery('dataGroup.groupOptions', {});
  const payload = (values: OrganValues) => payloadOf<OrganValues, OrganForm>(organRules, values);
  const form = useDialogRecordForm({
    record: row,
    initial: row ? organValuesOf(row) : NEW_ORGAN,
    issues: (values) => issuesOf(organRules, values),
    add: { endpoint: 'dataGroup.organAdd', payload },
    update: { endpoint: 'dataGroup.organUpdate', payload: (values, stored) => ({ ...payload(values), id: stored.id, version: stored.version }) },
    onSaved,
  });
  const { saving } = form;
  const fieldProps = { values: form.values, change: form.change, message: form.message, disabled: saving };
  const groupId = form.values.groupId;
  const chosen = groups.data?.find((group) => group.id === groupId);
  const groupText = chosen ? `${chosen.name} (${chosen.number})` : row && row.groupId === groupId ? row.groupName : '';
  const groupMessage = form.message('groupId', t('dataGroup.organ.group'), 'chosen');
  return (
    <DataDialog title={t(row ? 'dataGroup.organ.editTitle' : 'dataGroup.organ.addTitle')} testId="organ-dialog" form={form} onClose={onClose}>
      {groups.data && groups.data.length === 0 ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{t('dataGroup.organ.noGroups')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <NameNumberFields {...fieldProps} />
      <Field label={t('dataGroup.organ.group')} required validationState={groupMessage ? 'error' : 'none'} validationMessage={groupMessage}>
        <Dropdown
          value={groupText}
          selectedOptions={groupId === null ? [] : [String(groupId)]}
          onOptionSelect={(_event, data) => data.optionValue && form.change({ groupId: Number(data.optionValue) })}
          disabled={saving}
          data-testid="field-groupId"
        >
          {(groups.data ?? []).map((group) => (
            <Option key={group.id} value={String(group.id)} text={`${group.name} (${group.number})`}>
              {`${group.name} (${group.number})`}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <RemarkField {...fieldProps} />
    </DataDialog>
  );
}
