import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ClassificationForm, ClassificationRow } from '../contract';
import { DataGroupLimits } from '../../../shared/rules';
import { OrgCascader } from '../../../renderer/components/OrgCascader';
import { useDialogRecordForm } from '../../../renderer/components/dialog/useDialogForm';
import { DataDialog } from './DataDialog';
import { NameNumberFields, RemarkField } from './BasicFields';
import { NEW_CLASSIFICATION, classificationRules, classificationValuesOf, issuesOf, payloadOf, type ClassificationValues } from './forms';
import { useOrgNodes } from './useOrgNodes';

/**
 * Adds a classification (`row` null) or edits one at the version it was read. Its organisation decides which
 * users the user form's data authority offers it to; none means every user.
 */
export function ClassificationDialog({ row, onClose, onSaved }: { row: ClassificationRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const orgs = useOrgNodes();
  const payload = (values: ClassificationValues) => payloadOf<ClassificationValues, ClassificationForm>(classificationRules, values);
  const form = useDialogRecordForm({
    record: row,
    initial: row ? classificationValuesOf(row) : NEW_CLASSIFICATION,
    issues: (values) => issuesOf(classificationRules, values),
    add: { endpoint: 'dataGroup.classificationAdd', payload },
    update: {
      endpoint: 'dataGroup.classificationUpdate',
      payload: (values, stored) => ({ ...payload(values), id: stored.id, version: stored.version }),
    },
    onSaved,
  });
  const { saving } = form;
  const fieldProps = { values: form.values, change: form.change, message: form.message, disabled: saving };
  const typeMessage = form.message('type', t('common.type'), 'chosen');
  const deptMessage = form.message('deptId', t('common.organisation'), 'chosen');
  return (
    <DataDialog title={t(row ? 'dataGroup.class.editTitle' : 'dataGroup.class.addTitle')} testId="classification-dialog" form={form} onClose={onClose}>
      <NameNumberFields {...fieldProps} />
      <Field label={t('common.type')} required validationState={typeMessage ? 'error' : 'none'} validationMessage={typeMessage}>
        <Input value={form.values.type} maxLength={DataGroupLimits.classificationTypeMax} onChange={(_event, data) => form.change({ type: data.value })} disabled={saving} data-testid="field-type" />
      </Field>
      <Field label={t('common.organisation')} hint={t('dataGroup.class.deptHint')} validationState={deptMessage ? 'error' : 'none'} validationMessage={deptMessage}>
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
