import { useTranslation } from 'react-i18next';
import type { GroupForm, GroupRow } from '../contract';
import { useDialogRecordForm } from '../../../renderer/components/dialog/useDialogForm';
import { DataDialog } from './DataDialog';
import { NameNumberFields, RemarkField } from './BasicFields';
import { NEW_GROUP, groupRules, groupValuesOf, issuesOf, payloadOf, type GroupValues } from './forms';

/** Adds a data group (`row` null) or edits one at the version it was read. */
export function GroupDialog({ row, onClose, onSaved }: { row: GroupRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const payload = (values: GroupValues) => payloadOf<GroupValues, GroupForm>(groupRules, values);
  const form = useDialogRecordForm({
    record: row,
    initial: row ? groupValuesOf(row) : NEW_GROUP,
    issues: (values) => issuesOf(groupRules, values),
    add: { endpoint: 'dataGroup.groupAdd', payload },
    update: { endpoint: 'dataGroup.groupUpdate', payload: (values, stored) => ({ ...payload(values), id: stored.id, version: stored.version }) },
    onSaved,
  });
  const { saving } = form;
  const fieldProps = { values: form.values, change: form.change, message: form.message, disabled: saving };
  return (
    <DataDialog title={t(row ? 'dataGroup.group.editTitle' : 'dataGroup.group.addTitle')} testId="group-dialog" form={form} onClose={onClose}>
      <NameNumberFields {...fieldProps} />
      <RemarkField {...fieldProps} />
    </DataDialog>
  );
}
