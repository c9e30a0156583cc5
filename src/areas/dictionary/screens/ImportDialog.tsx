import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FilePurpose } from '../../../shared/constants';
import { ImportPreviewDialog } from '../../../renderer/components/import/ImportPreviewDialog';
import { useNotify } from '../../../renderer/components/notify';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { invalidateDictionaryQueries } from './dictionary-queries';

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** After an import was applied. */
  onImported: () => void;
}

/** Importing dictionaries from an .xlsx file in the export's format: a preview first, then exactly that. */
export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const preview = useBridgeMutation('dictionary.importPreview', { meta: { silent: true } });
  const apply = useBridgeMutation('dictionary.importApply', { meta: { silent: true } });
  return (
    <ImportPreviewDialog
      open={open}
      onClose={onClose}
      purpose={FilePurpose.DictionaryImport}
      preview={preview}
      apply={apply}
      onApplied={({ added, changed }) => {
        notify.success(t('dictionary.import.applied', { added, changed }));
        void invalidateDictionaryQueries(queryClient);
        onImported();
      }}
      testId="dictionary-import"
      text={{
        title: t('dictionary.import.title'),
        intro: t('dictionary.import.intro'),
        summary: (counts) => t('dictionary.import.summary', counts),
        nothing: t('dictionary.import.nothing'),
        apply: (count) => t('dictionary.import.apply', { count }),
      }}
      columns={[
        { key: 'path', header: t('dictionary.import.column.path'), cell: (row) => row.path, code: true },
        { key: 'name', header: t('common.name'), cell: (row) => row.dictName },
      ]}
    />
  );
}
