import { z } from 'zod';
import { UndoPatterns } from '../rules';
import { endpoint } from './endpoint';
import type { EndpointNamesOf } from '../local-names';

/**
 * Undo of a delete (issue 13). Every delete answers a ticket: for UNDO_WINDOW_SECONDS its deleting user, in
 * the role that deleted, may bring back what it removed (the rows, the rows removed with them, the references
 * it cleared) exactly as they were. After the window the delete is final.
 */

/**
 * What a delete answers: the key that undoes it and until when (ISO 8601). Named a key, not a token: the
 * desktop bridge withholds any answer with a `…token` field from the window, and this one is meant for it.
 */
export const undoTicket = z.object({
  undoKey: z.string(),
  undoUntil: z.string(),
});
export type UndoTicket = z.infer<typeof undoTicket>;

export const undoKey = z.string({ error: 'validation.required' }).regex(UndoPatterns.key, { message: 'validation.format' });

export const undo = {
  restore: endpoint({
    service: 'undo',
    summary: 'Undo a delete within its window',
    method: 'POST',
    path: '/sys/undo/:undoKey',
    // The delete's own permission is checked against the stored ticket: a key alone restores nothing.
    access: 'session',
    input: z.object({ undoKey }),
    output: z.object({ restored: z.number().int() }),
    secretFields: ['undoKey'],
  }),
};

/** What interface monitoring, its filters and its export call each endpoint of undo, in the five locales. */
export const undoNames: EndpointNamesOf<typeof undo> = {
  restore: ['撤销删除', 'Undo delete', 'Löschen rückgängig machen', '削除の取り消し', '삭제 취소'],
};
