import type { CallableEndpointId, CallInput } from '../../../shared/bridge';
import { useBridgeMutation } from '../../hooks/bridge-query';
import { useConfirm, type ConfirmOptions } from '../ConfirmDialog';
import { useNotify } from '../notify';

export interface ConfirmedCallRequest<D extends CallableEndpointId> {
  input: CallInput<D>;
  question: ConfirmOptions;
  /** Said once the call went through. */
  done: string;
  /** Everything the call makes out of date. */
  refresh: () => void;
  /** After a refusal, which the app's error toasts show (someone changed the row): the list reads it again. */
  onRefused: () => void;
}

/** A row's call that changes it (activate, withdraw) after a question: then a success message and a refresh. */
export function useConfirmedCall<D extends CallableEndpointId>(endpoint: D) {
  const confirm = useConfirm();
  const notify = useNotify();
  const mutation = useBridgeMutation(endpoint);
  const run = async ({ input, question, done, refresh, onRefused }: ConfirmedCallRequest<D>) => {
    if (!(await confirm(question))) return;
    mutation.mutate(input, {
      onSuccess: () => {
        notify.success(done);
        refresh();
      },
      onError: onRefused,
    });
  };
  return { run, pending: mutation.isPending };
}
