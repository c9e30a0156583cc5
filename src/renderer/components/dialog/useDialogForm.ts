import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallableEndpointId, CallInput, CallOutput } from '../../../shared/bridge';
import { useBridgeMutation } from '../../hooks/bridge-query';
import type { MessageKey } from '../../i18n/message-key';
import { pinnedRefusalOf, pinnedTextFor, type PinnedRefusal } from '../form/record-form';
import { fieldMessage, type FieldKind } from '../form/RuleForm';
import { useNotify } from '../notify';
import { isTransportFailure, sessionEndOf } from '../screen/session-errors';
import { errorMessage } from '../states';

/** The words for a refused call shown in place, or null where the shell answers it (a session end) or nothing is said (a dropped connection, spec 000 §8). */
export function refusalMessage(t: TFunction, error: Error): string | null {
  if (sessionEndOf(error) || isTransportFailure(error)) return null;
  return errorMessage(error, t('message.operationFailed'));
}

export interface DialogForm<V extends Record<string, unknown>> {
  values: V;
  change: (patch: Partial<V>) => void;
  /** A send was tried: the fields show their messages from now on. */
  attempted: boolean;
  /** The message under a field, named `label`, once a send was tried. */
  message: (field: keyof V & string, label: string, kind?: FieldKind) => string | undefined;
  /** Starts a send: clears the last refusal and says whether the fields pass the rules. */
  check: () => boolean;
  /** The server's last refusal, for `DialogFailure`. */
  failure: string | null;
  /** Keeps a refusal of the server to show in the dialog, which stays open. */
  refused: (error: Error) => void;
}

/**
 * The form of a dialog that sends its values at once (add or edit in a dialog, publish, push): the values,
 * each field's message once a send was tried (`issues` gives the rule key of each field's problem, the
 * contract's rules), and the server's refusal shown in the dialog.
 */
export function useDialogForm<V extends Record<string, unknown>>(initial: V | (() => V), issues: (values: V) => Partial<Record<keyof V & string, MessageKey>>): DialogForm<V> {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pinned, setPinned] = useState<PinnedRefusal | null>(null);
  const shown: Partial<Record<keyof V & string, MessageKey>> = attempted ? issues(values) : {};
  return {
    values,
    change: (patch) => setValues((current) => ({ ...current, ...patch })),
    attempted,
    message: (field, label, kind) => {
      const key = shown[field];
      return key ? fieldMessage(t, key, label, kind) : pinnedTextFor(pinned, field, values);
    },
    check: () => {
      setAttempted(true);
      setFailure(null);
      setPinned(null);
      return Object.keys(issues(values)).length === 0;
    },
    failure,
    // A refusal about one of the dialog's fields (a value taken, a bad value) goes under that field.
    refused: (error) => {
      const onField = pinnedRefusalOf(error, values);
      setPinned(onField);
      setFailure(onField ? null : refusalMessage(t, error));
    },
  };
}

export interface DialogRecordFormOptions<V extends Record<string, unknown>, R, AddId extends CallableEndpointId, UpdateId extends CallableEndpointId> {
  /** The record the dialog edits, or null to add one. */
  record: R | null;
  initial: V;
  issues: (values: V) => Partial<Record<keyof V & string, MessageKey>>;
  add: { endpoint: AddId; payload: (values: V) => CallInput<AddId> };
  update: { endpoint: UpdateId; payload: (values: V, record: R) => CallInput<UpdateId> };
  /** After the saved message: the dialog closes and its list refreshes. */
  onSaved: (answer: CallOutput<AddId> | CallOutput<UpdateId>) => void;
}

/**
 * The record-form controller of a dialog (`useRecordForm` for a page): add mode for no record, the contract's
 * rules, save through the add or update call, the saved message, and a refusal kept in the dialog.
 */
export function useDialogRecordForm<V extends Record<string, unknown>, R, AddId extends CallableEndpointId, UpdateId extends CallableEndpointId>(
  options: DialogRecordFormOptions<V, R, AddId, UpdateId>,
) {
  const { record, initial, issues, add, update, onSaved } = options;
  const { t } = useTranslation();
  const notify = useNotify();
  const form = useDialogForm(initial, issues);
  const addMutation = useBridgeMutation(add.endpoint, { meta: { silent: true } });
  const updateMutation = useBridgeMutation(update.endpoint, { meta: { silent: true } });
  const save = () => {
    if (!form.check()) return;
    const saved = (answer: CallOutput<AddId> | CallOutput<UpdateId>) => {
      notify.success(t(record ? 'message.updateSuccess' : 'message.addSuccess'));
      onSaved(answer);
    };
    if (record) updateMutation.mutate(update.payload(form.values, record), { onSuccess: saved, onError: form.refused });
    else addMutation.mutate(add.payload(form.values), { onSuccess: saved, onError: form.refused });
  };
  return { ...form, save, saving: addMutation.isPending || updateMutation.isPending };
}
