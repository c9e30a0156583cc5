import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { UNDO_WINDOW_SECONDS } from '../../shared/constants';
import { undoTicket } from '../../shared/contract/undo';
import { unwrap, useBridge } from '../bridge';
import { useNotify } from './notify';

export interface UndoOffer {
  /** How many records the user deleted, for the toast's words. */
  count: number;
  /** Everything the undo makes out of date: what the delete refreshed, refreshed again. */
  onRestored: () => void;
}

/**
 * After a delete: a toast saying so (its text starts like the plain 'Deleted') and offering Undo for UNDO_WINDOW_SECONDS (counted from the answer, so a slow clock on
 * either side does not shorten it; the server keeps its own window). Undo restores the records, says so and
 * refreshes; a refusal (the window has passed, a record in the way) is shown with the server's message by
 * the app's error toasts. An answer without a ticket is just the plain 'Deleted'.
 */
export function useOfferUndo(): (answer: unknown, offer: UndoOffer) => void {
  const { t } = useTranslation();
  const notify = useNotify();
  const bridge = useBridge();
  const restore = useMutation({ mutationFn: (undoKey: string) => unwrap(bridge.api.call('undo.restore', { undoKey })) });
  const { mutate } = restore;
  return useCallback(
    (answer, { count, onRestored }) => {
      const ticket = undoTicket.safeParse(answer);
      if (!ticket.success) return notify.success(t('message.deleteSuccess'));
      notify.action({
        text: t('message.deletedUndoable', { count, seconds: UNDO_WINDOW_SECONDS }),
        actionLabel: t('message.undo'),
        actionTestId: 'undo',
        timeoutMs: UNDO_WINDOW_SECONDS * 1000,
        onAction: () =>
          mutate(ticket.data.undoKey, {
            onSuccess: () => {
              notify.success(t('message.restored', { count }));
              onRestored();
            },
          }),
      });
    },
    [mutate, notify, t],
  );
}
