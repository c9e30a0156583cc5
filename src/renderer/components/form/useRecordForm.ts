import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallableEndpointId, CallInput, CallOutput } from '../../../shared/bridge';
import { ResponseCode } from '../../../shared/codes';
import type { EndpointDef } from '../../../shared/contract/endpoint';
import { Delay } from '../../../shared/constants';
import type { PermissionKey } from '../../../shared/permissions';
import { useShellTab } from '../screen/shell-tab';
import { isTransportFailure, sessionEndOf } from '../screen/session-errors';
import { isBridgeError } from '../../bridge';
import { useBridgeMutation } from '../../hooks/bridge-query';
import type { MessageKey } from '../../i18n/message-key';
import { useNotify } from '../notify';
import { guardKeyOf, usePermissions } from '../permissions';
import { errorMessage } from '../states';
import { isPinnableRefusal, pinnedRefusalOf, sameContent } from './record-form';
import { useRuleForm, type FieldSpecs, type RuleForm } from './RuleForm';
import { useUnsavedGuard } from './unsaved-changes';

export interface RecordFormOptions<V extends Record<string, unknown>, R, AddId extends CallableEndpointId, UpdateId extends CallableEndpointId> {
  /** The stored record, or null to add one. */
  record: R | null;
  /** The values the form starts from (read once): the record's, or a new record's. */
  initial: V;
  /** The i18n key of each field's broken rule: the contract's own schema, plus what only the screen knows. */
  rules: (values: V) => Partial<Record<keyof V, MessageKey>>;
  /** The fields a save checks (the ones on view); all by default. */
  checkedFields?: (values: V) => readonly (keyof V)[];
  /** Whether parts of the form outside `values` (table rows) hold problems, asked on save: a save is refused while they do. */
  otherProblems?: () => boolean;
  /** Form state outside `values`, compared with its first value to tell unsaved changes. */
  otherState?: unknown;
  /** Puts the state outside `values` back to its first value (the reset button). */
  onReset?: () => void;
  /** The endpoints of the form's area (its contract's table): a save is offered to a role holding what the endpoint asks. */
  endpoints: Readonly<Record<string, EndpointDef>>;
  /**
   * `onAdded`: the answer of an add goes to the screen, which returns to the list itself (an answer shown once,
   * such as a key the server made); the form stays locked from then on.
   */
  add: { endpoint: AddId; payload: (values: V) => CallInput<AddId>; onAdded?: (answer: CallOutput<AddId>) => void };
  update: { endpoint: UpdateId; payload: (values: V, record: R) => CallInput<UpdateId> };
  /** The list the form returns to. */
  listPath: string;
  /** Refreshes what shows the saved record (its list). */
  refresh: (queryClient: QueryClient) => Promise<void>;
  /** A unique value taken (A0409): the field to mark and its message. */
  conflict?: (values: V) => { field: keyof V; key: MessageKey };
  /** A refusal the server pinned on a field ('deptId: …') with the field named in the screen's words; null when it names none of the form's. */
  namePinnedField: (msg: string, values: V) => string | null;
  /** Reloads the stored record: offered when a save was refused because someone else changed it. */
  reload?: () => Promise<void>;
  /** What the success message adds after "saved" (what the save changed beyond the fields, such as grants); nothing by default. */
  savedDetail?: () => string | null;
}

export interface SaveFailure {
  text: string;
  /** Someone else saved the record since it was read (A0410): reloading is the way on. */
  stale: boolean;
}

export interface RecordFormController<V extends Record<string, unknown>> {
  form: RuleForm<V>;
  isNew: boolean;
  savePerm: PermissionKey;
  readOnly: boolean;
  saving: boolean;
  /** Saved: the form waits `Delay.formRedirectMs`, then returns to the list. */
  returning: boolean;
  /** Saving or returning: nothing more to submit. */
  busy: boolean;
  /** Inputs are disabled: busy, or the role may not save. */
  locked: boolean;
  /** A save was tried: parts with their own problems (table rows) show them from now on. */
  attempted: boolean;
  unsaved: boolean;
  failure: SaveFailure | null;
  /** Bound to the form element: a refused save brings its first invalid field into view. */
  formRef: RefObject<HTMLFormElement | null>;
  submit: (event?: FormEvent) => void;
  /** Back to the first values; add mode only. */
  reset: (() => void) | null;
  /** Back to the list, after asking when typed changes would be lost. */
  back: () => void;
  reload?: () => Promise<void>;
}

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Scrolls the first field marked invalid into view and puts the cursor in it. */
function focusFirstInvalid(form: HTMLFormElement | null): void {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  invalid.scrollIntoView({ block: 'center' });
  const target = invalid.matches(FOCUSABLE) ? invalid : invalid.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus({ preventScroll: true });
}

/**
 * After a save: back to the list once `Delay.formRedirectMs` has passed (spec 000 §4), so the success
 * message is read first. Leaving the screen earlier cancels the return.
 */
export function useReturnAfterSave(listPath: string): { returning: boolean; startReturn: () => void } {
  const { closeSelf } = useShellTab();
  const [returning, setReturning] = useState(false);
  useEffect(() => {
    if (!returning) return;
    const timer = setTimeout(() => closeSelf(listPath), Delay.formRedirectMs);
    return () => clearTimeout(timer);
  }, [returning, closeSelf, listPath]);
  return { returning, startReturn: useCallback(() => setReturning(true), []) };
}

/** The key a save through `id` needs: the declared access of that endpoint of the form's contract. */
function saveKeyOf(endpoints: Readonly<Record<string, EndpointDef>>, id: string): PermissionKey {
  const def = endpoints[id.slice(id.indexOf('.') + 1)];
  if (!def) throw new Error(`${id} is no endpoint of the form's contract`);
  return guardKeyOf(def);
}

/**
 * The controller of every record form (spec 000 §2, §4): add mode for the route id 'null', field rules
 * from the contract, a refused save that points at its first invalid field, a stale save said plainly
 * with a way to reload, save → notify → back to the list, and a question before typed changes are dropped.
 */
export function useRecordForm<V extends Record<string, unknown>, R, AddId extends CallableEndpointId, UpdateId extends CallableEndpointId>(
  options: RecordFormOptions<V, R, AddId, UpdateId>,
): RecordFormController<V> {
  const { record, rules, checkedFields, otherProblems, otherState, onReset, add, update, listPath, refresh, conflict, namePinnedField, reload, savedDetail } = options;
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { has } = usePermissions();
  const [start] = useState(() => ({ values: options.initial, other: otherState }));

  const specs = Object.fromEntries(
    Object.keys(start.values).map((field) => [field, { initial: start.values[field], rule: (_value: unknown, all: Readonly<Record<string, unknown>>) => rules(all as V)[field] ?? null }]),
  ) as FieldSpecs<V>;
  const form = useRuleForm<V>(specs);

  const isNew = record === null;
  const savePerm = saveKeyOf(options.endpoints, isNew ? add.endpoint : update.endpoint);
  const readOnly = !has(savePerm);
  const addMutation = useBridgeMutation(add.endpoint, { meta: { silent: true } });
  const updateMutation = useBridgeMutation(update.endpoint, { meta: { silent: true } });
  const saving = addMutation.isPending || updateMutation.isPending;
  const { returning, startReturn } = useReturnAfterSave(listPath);
  const [added, setAdded] = useState(false);
  const busy = saving || returning || added;
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);

  const unsaved = !returning && !added && (!sameContent(form.values, start.values) || !sameContent(otherState, start.other));
  const back = useUnsavedGuard(unsaved, listPath);

  const formRef = useRef<HTMLFormElement | null>(null);
  // Bumped by a refused save: the effect runs once the messages it caused are on screen.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);
  const pointAtProblem = () => setFocusRequest((count) => count + 1);

  const saved = () => {
    const detail = savedDetail?.();
    const text = t(isNew ? 'message.addSuccess' : 'message.updateSuccess');
    notify.success(detail ? t('message.savedWithDetail', { text, detail }) : text);
    void refresh(queryClient);
    startReturn();
  };

  const refused = (error: Error) => {
    // A session end is handled by the shell, and a dropped connection stays silent (spec 000 §8).
    if (sessionEndOf(error) || isTransportFailure(error)) return;
    // A refusal about one field (a value taken, a bad value) is said under that field, as in a dialog; the form
    // says it above its actions only when no field on view shows it.
    if (conflict && isBridgeError(error) && error.code === ResponseCode.Conflict) {
      const { field, key } = conflict(form.values);
      pointAtProblem();
      if (form.refuse(field, t(key))) return;
      form.setError(field, key);
      setFailure(error);
      return;
    }
    const pinned = pinnedRefusalOf(error, form.values);
    if (pinned && form.refuse(pinned.field, pinned.text)) {
      pointAtProblem();
      return;
    }
    setFailure(error);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || readOnly) return;
    setFailure(null);
    setAttempted(true);
    const fieldsPass = form.validate(checkedFields?.(form.values));
    if (!fieldsPass || otherProblems?.()) {
      notify.warning(t('form.fixErrors'));
      pointAtProblem();
      return;
    }
    const handlers = { onSuccess: saved, onError: refused };
    const { onAdded } = add;
    if (record === null && onAdded) {
      addMutation.mutate(add.payload(form.values), {
        onSuccess: (answer) => {
          notify.success(t('message.addSuccess'));
          void refresh(queryClient);
          setAdded(true);
          onAdded(answer);
        },
        onError: refused,
      });
    } else if (record === null) addMutation.mutate(add.payload(form.values), handlers);
    else updateMutation.mutate(update.payload(form.values, record), handlers);
  };

  const reset = () => {
    form.reset(start.values);
    onReset?.();
    setAttempted(false);
    setFailure(null);
  };

  let failureView: SaveFailure | null = null;
  if (failure !== null) {
    const text = errorMessage(failure, t('message.operationFailed'));
    const named = isPinnableRefusal(failure) ? namePinnedField(text, form.values) : null;
    failureView = { text: named ?? text, stale: isBridgeError(failure) && failure.code === ResponseCode.StaleRecord };
  }

  return {
    form,
    isNew,
    savePerm,
    readOnly,
    saving,
    returning,
    busy,
    locked: busy || readOnly,
    attempted,
    unsaved,
    failure: failureView,
    formRef,
    submit,
    reset: isNew ? reset : null,
    back,
    reload,
  };
}
