import { Field, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponseCode } from '../../../shared/codes';
import { i18nChinese, i18nTranslation, type I18nTextRecord } from '../contract';
import { Limits } from '../../../shared/rules';
import { isBridgeError } from '../../../renderer/bridge/bridge-error';
import { DialogFailure, DialogFrame } from '../../../renderer/components/dialog/DialogFrame';
import { pinnedRefusalOf, pinnedTextFor, type PinnedRefusal } from '../../../renderer/components/form/record-form';
import { RuleField, useRuleForm } from '../../../renderer/components/form/RuleForm';
import { useNotify } from '../../../renderer/components/notify';
import { errorMessage } from '../../../renderer/components/states';
import { invalidateBridgeQueries, useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { dialogValuesOf, I18N_STATUSES, saveInputOf, statusKey, type I18nDialogValues, type I18nStatusValue } from './i18n-form';
import { invalidateI18nQueries } from './queries';

const useStyles = makeStyles({
  surface: { maxWidth: '560px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const TRANSLATIONS = ['english', 'german', 'korean', 'japanese'] as const;

export interface I18nTextDialogProps {
  open: boolean;
  /** The text to edit; null adds one. */
  record: I18nTextRecord | null;
  onClose: () => void;
}

/**
 * Adds or edits one multilingual text (spec 001 §5 "Multilingual dialog": the Chinese name is required).
 * Render it with a `key` per record so that each opening starts from that record. A refusal (the Chinese
 * text taken, someone else's newer save) stays in the dialog with the server's words.
 */
export function I18nTextDialog({ open, record, onClose }: I18nTextDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const initial = dialogValuesOf(record);
  const form = useRuleForm<I18nDialogValues>({
    chinese: { initial: initial.chinese, rule: i18nChinese },
    english: { initial: initial.english, rule: i18nTranslation },
    german: { initial: initial.german, rule: i18nTranslation },
    korean: { initial: initial.korean, rule: i18nTranslation },
    japanese: { initial: initial.japanese, rule: i18nTranslation },
    status: { initial: initial.status },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  // A refusal of one field (the Chinese text already has a text) goes under that field while it holds the refused value.
  const [pinned, setPinned] = useState<PinnedRefusal | null>(null);
  const save = useBridgeMutation('i18nText.save', {
    meta: { silent: true },
    onSuccess: () => {
      notify.success(t(record ? 'message.updateSuccess' : 'message.addSuccess'));
      void invalidateI18nQueries(queryClient);
      onClose();
    },
    onError: (error) => {
      const onField = pinnedRefusalOf(error, form.values);
      setPinned(onField);
      setRefusal(onField ? null : errorMessage(error, t('message.operationFailed')));
      // Someone saved the text meanwhile: the list reads it again, so opening it again edits their version.
      if (isBridgeError(error) && error.code === ResponseCode.StaleRecord) void invalidateBridgeQueries(queryClient, 'i18nText.list');
    },
  });

  const submit = () => {
    setRefusal(null);
    setPinned(null);
    if (!form.validate()) return;
    save.mutate(saveInputOf(form.values, record));
  };

  return (
    <DialogFrame
      open={open}
      title={t(record ? 'internationalize.dialog.editTitle' : 'internationalize.dialog.addTitle')}
      data-testid="i18n-dialog"
      className={styles.surface}
      contentClassName={styles.content}
      busy={save.isPending}
      onDismiss={onClose}
      onSubmit={submit}
      submit={{ label: t('form.save'), 'data-testid': 'i18n-dialog-save' }}
      cancel={{ 'data-testid': 'i18n-dialog-cancel' }}
    >
      <DialogFailure text={refusal} data-testid="i18n-dialog-refusal" />
      <RuleField
        form={form}
        name="chinese"
        label={t('internationalize.field.chinese')}
        required
        hint={t('internationalize.hint.chinese')}
        maxLength={Limits.translatedNameMax}
        refusal={pinnedTextFor(pinned, 'chinese', form.values)}
      />
      {TRANSLATIONS.map((name) => (
        <RuleField
          key={name}
          form={form}
          name={name}
          label={t(`internationalize.field.${name}`)}
          hint={t('internationalize.hint.translation')}
          maxLength={Limits.translatedNameMax}
          refusal={pinnedTextFor(pinned, name, form.values)}
        />
      ))}
      <Field label={t('common.status')} required>
        <RadioGroup layout="horizontal" value={String(form.values.status)} onChange={(_event, data) => form.setValue('status', Number(data.value) as I18nStatusValue)} data-testid="field-status">
          {I18N_STATUSES.map((status) => (
            <Radio key={status} value={String(status)} label={t(statusKey(status))} />
          ))}
        </RadioGroup>
      </Field>
    </DialogFrame>
  );
}
