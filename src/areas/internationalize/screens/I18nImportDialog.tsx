import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FilePurpose } from '../../../shared/constants';
import { ImportPreviewDialog } from '../../../renderer/components/import/ImportPreviewDialog';
import { useNotify } from '../../../renderer/components/notify';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { invalidateI18nQueries } from './queries';

interface I18nImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Importing translated texts from an .xlsx file in the export's format: a preview first, then exactly that. */
export function I18nImportDialog({ open, onClose }: I18nImportDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const preview = useBridgeMutation('i18nText.importPreview', { meta: { silent: true } });
  const apply = useBridgeMutation('i18nText.importApply', { meta: { silent: true } });
  return (
    <ImportPreviewDialog
      open={open}
      onClose={onClose}
      purpose={FilePurpose.I18nImport}
      preview={preview}
      apply={apply}
      onApplied={({ added, changed }) => {
        notify.success(t('internationalize.import.applied', { added, changed }));
        void invalidateI18nQueries(queryClient);
      }}
      testId="i18n-import"
      text={{
        title: t('internationalize.import.title'),
        intro: t('internationalize.import.intro'),
        summary: (counts) => t('internationalize.import.summary', counts),
        nothing: t('internationalize.import.nothing'),
        apply: (count) => t('internationalize.import.apply', { count }),
      }}
      columns={[{ key: 'chinese', header: t('internationalize.import.column.chinese'), cell: (row) => row.chinese }]}
    />
  );
}
