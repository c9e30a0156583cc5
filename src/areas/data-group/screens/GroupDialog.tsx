import { useTranslation } from 'react-i18next';
import type { GroupForm, GroupRow } from '../contract';
import { useNotify } from '../../../renderer/components/notify';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { DataDialog, useDialogForm } from './DataDialog';
import { NameNumberFields, RemarkField } from './BasicFields';
import { NEW_GROUP, groupRules, groupValuesOf } from './forms';

/** Adds a data group (`row` null) or edits one at the version it was read. */
export function GroupDialog({ row, onClose, onSaved }: { row: GroupRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const form = useDialogForm(groupRules, row ? groupValuesOf(row) : NEW_GROUP);
  const add = useBridgeMutation('dataGroup.groupAdd', { meta: { silent: true } });
  const update = useBridgeMutation('dataGroup.groupUpdate', { meta: { silent: true } });
  const saving = add.isPending || update.isPending;
  const save = () => {
    const payload = form.check<GroupForm>();
    if (!payload) return;
    const handlers = {
      onSuccess: () => {
        notify.success(t(row ? 'message.updateSuccess' : 'message.addSuccess'));
        onSaved();
      },
      onError: form.refused,
    };
    if (row) update.mutate({ ...payload, id: row.id, version: row.version }, handlers);
    else add.mutate(payload, handlers);
  };
  const fieldProps = { values: form.values, change: form.change, message: form.message, disabled: saving };
  return (
    <DataDialog title={t(row ? 'dataGroup.group.editTitle' : 'dataGroup.group.addTitle')} testId="group-dialog" saving={saving} failure={form.failure} onSave={save} onClose={onClose}>
      <NameNumberFields {...fieldProps} />
      <RemarkField {...fieldProps} />
    </DataDialog>
  );
}
