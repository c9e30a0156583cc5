import { Field, Input, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DataGroupLimits } from '../../../shared/rules';
import type { GroupValues } from './forms';

interface BasicFieldsProps {
  values: GroupValues;
  change: (patch: Partial<GroupValues>) => void;
  message: (field: keyof GroupValues, label: string) => string | undefined;
  disabled: boolean;
}

/** Name and number, which every data group record has; the remark comes last (`RemarkField`). */
export function NameNumberFields({ values, change, message, disabled }: BasicFieldsProps) {
  const { t } = useTranslation();
  const nameMessage = message('name', t('common.name'));
  const numberMessage = message('number', t('dataGroup.number'));
  return (
    <>
      <Field label={t('common.name')} required validationState={nameMessage ? 'error' : 'none'} validationMessage={nameMessage}>
        <Input value={values.name} maxLength={DataGroupLimits.nameMax} onChange={(_event, data) => change({ name: data.value })} disabled={disabled} data-testid="field-name" />
      </Field>
      <Field label={t('dataGroup.number')} required hint={t('dataGroup.numberHint')} validationState={numberMessage ? 'error' : 'none'} validationMessage={numberMessage}>
        <Input value={values.number} maxLength={DataGroupLimits.numberMax} onChange={(_event, data) => change({ number: data.value })} disabled={disabled} data-testid="field-number" />
      </Field>
    </>
  );
}

export function RemarkField({ values, change, message, disabled }: BasicFieldsProps) {
  const { t } = useTranslation();
  const remarkMessage = message('remark', t('common.remark'));
  return (
    <Field label={t('common.remark')} validationState={remarkMessage ? 'error' : 'none'} validationMessage={remarkMessage}>
      <Textarea value={values.remark} maxLength={DataGroupLimits.remarkMax} onChange={(_event, data) => change({ remark: data.value })} disabled={disabled} data-testid="field-remark" />
    </Field>
  );
}
