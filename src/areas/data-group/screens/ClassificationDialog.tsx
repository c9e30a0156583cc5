import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ClassificationForm, ClassificationRow } from '../contract';
import { DataGroupLimits } from '../../../shared/rules';
import { OrgCascader } from '../../../renderer/components/OrgCascader';
import { useNotify } from '../../../renderer/components/notify';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { DataDialog, useDialogForm } from './DataDialog';
import { NameNumberFields, RemarkField } from './BasicFields';
import { NEW_CLASSIFICATION, classificationRules, classificationValuesOf } from './forms';
import { useOrgNodes } from './useOrgNodes';

/**
 * Adds a classification (`row` null) or edits one at the version it was read. Its organisation decides which
 * users the user form's data authority offers it to; none means every user.
 */
export function ClassificationDialog({ row, onClose, onSaved }: { row: ClassificationRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const orgs = useOrgNodes();
  const form = useDialogForm(classificationRules, row ? classificationValuesOf(row) : NEW_CLASSIFICATION);
  const add = useBridgeMutation('dataGroup.classificationAdd', { meta: { silent: true } });
  const update = useBridgeMutation('dataGroup.classificationUpdate', { meta: { silent: true } });
  const saving = add.isPending || update.isPending;
  const save = () => {
    const payload = form.check<ClassificationForm>();
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
  const typeMessage = form.message('type', t('dataGroup.class.type'));
  const deptMessage = form.message('deptId', t('dataGroup.class.dept'));
  return (
    <DataDialog title={t(row ? 'dataGroup.class.editTitle' : 'dataGroup.class.addTitle')} testId="classification-dialog" saving={saving} failure={form.failure} onSave={save} onClose={onClose}>
      <NameNumberFields {...fieldProps} />
      <Field label={t('dataGroup.class.type')} required validationState={typeMessage ? 'error' : 'none'} validationMessage={typeMessage}>
        <Input value={form.values.type} maxLength={DataGroupLimits.classificationTypeMax} onChange={(_event, data) => form.change({ type: data.value })} disabled={saving} data-testid="field-type" />
      </Field>
      <Field label={t('dataGroup.class.dept')} hint={t('dataGroup.class.deptHint')} validationState={deptMessage ? 'error' : 'none'} validationMessage={deptMessage}>
        <OrgCascader
          nodes={orgs}
          value={form.values.deptId}
          onChange={(deptId) => form.change({ deptId })}
          preselectFirst={false}
          clearable
          placeholder={t('dataGroup.class.everyOrg')}
          disabled={saving}
          data-testid="field-deptId"
        />
      </Field>
      <RemarkField {...fieldProps} />
    </DataDialog>
  );
}
