import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CallableEndpointId, CallInput } from '../../../shared/bridge';
import { unwrap, useBridge } from '../../bridge';
import { useConfirm } from '../ConfirmDialog';
import { useOfferUndo } from '../undo';

export interface DeleteRequest<D extends CallableEndpointId> {
  input: CallInput<D>;
  /** How many records go, for the undo toast's words. */
  count: number;
  /** The confirmation's title; 'Notice' by default. */
  title?: string;
  question: string;
  /** Everything the delete makes out of date; an undo refreshes it again. */
  refresh: () => void;
  /** Runs once the records are gone, before the refresh (a list lets go of its chosen rows). */
  onDeleted?: () => void;
}

/**
 * A delete through an area's delete call after a red confirmation (spec 000 §5 'Delete asks for
 * confirmation'); the toast then offers Undo for the window. A refusal shows the server's msg (the app's
 * error toasts).
 */
export function useConfirmedDelete<D extends CallableEndpointId>(endpoint: D | undefined) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const offerUndo = useOfferUndo();
  const bridge = useBridge();
  const mutation = useMutation({
    mutationFn: (input: CallInput<D>) => {
      if (endpoint === undefined) throw new Error('this screen deletes nothing');
      return unwrap(bridge.api.call(endpoint, input));
    },
  });

  const remove = async ({ input, count, title, question, refresh, onDeleted }: DeleteRequest<D>) => {
    if (!(await confirm({ title, message: question, confirmLabel: t('actions.delete'), destructive: true }))) return;
    mutation.mutate(input, {
      onSuccess: (answer) => {
        offerUndo(answer, { count, onRestored: refresh });
        onDeleted?.();
        refresh();
      },
    });
  };

  return { remove, deleting: mutation.isPending };
}
