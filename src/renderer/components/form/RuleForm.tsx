import { Field, Input, makeStyles, mergeClasses, tokens, type InputProps } from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MessageKey } from '../../i18n/message-key';
import { ruleMessage, type FieldRule } from './rules';

/** Whether a mouse button or a finger is down on the page: a blur then comes from the press of another control. */
let pointerDown = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerDown = true), true);
  document.addEventListener('pointerup', () => (pointerDown = false), true);
  document.addEventListener('pointercancel', () => (pointerDown = false), true);
}

/**
 * Runs `show` once the press that moved the focus away is over. A message shown on blur adds a line under its field
 * (its hint stays), which moved the control being pressed before the button came up: the press then clicked nothing
 * (a switch beside a refused port did not toggle).
 */
function afterPointerRelease(show: () => void): void {
  if (!pointerDown) {
    show();
    return;
  }
  let shown = false;
  const once = () => {
    if (shown) return;
    shown = true;
    show();
  };
  // After the click the release makes; a release that makes none (a drag off the control) shows it a moment later.
  document.addEventListener('click', () => setTimeout(once, 0), { capture: true, once: true });
  document.addEventListener('pointerup', () => setTimeout(once, 50), { capture: true, once: true });
}

export interface FieldSpec<V = string> {
  initial: V;
  rule?: FieldRule<V>;
}

export type FieldSpecs<V extends Record<string, unknown>> = { [K in keyof V]: FieldSpec<V[K]> };

export interface RuleForm<V extends Record<string, unknown>> {
  values: V;
  /** The i18n key of each field's broken rule. */
  errors: Partial<Record<keyof V, MessageKey>>;
  setValue<K extends keyof V>(name: K, value: V[K]): void;
  /** Validates one field (on blur, once the user has typed in it). */
  validateField(name: keyof V): void;
  /** Validates the given fields (all by default), shows their messages, and tells whether they all pass. */
  validate(names?: ReadonlyArray<keyof V>): boolean;
  /** Shows a message that no rule produced (an i18n key), or clears it with null. */
  setError(name: keyof V, key: MessageKey | null): void;
  reset(values?: Partial<V>): void;
  /** The server's refusal of each field's value (a value taken, a bad value), until the field is changed. */
  refusals: Partial<Record<keyof V, string>>;
  /** Shows the server's refusal under a field; false when no field on view shows refusals for that name (then the form says it above its actions). */
  refuse(name: keyof V, text: string): boolean;
  /** A field on view that shows its refusal registers here while mounted (`useFieldMessage`). */
  showsRefusals(name: keyof V): () => void;
}

/**
 * Form state whose rules are the shared zod rules: a field's message appears once it was left after
 * typing or on submit, and is re-checked as the user corrects it. `specs` may change between renders
 * (a captcha that appears); the latest rules apply.
 */
export function useRuleForm<V extends Record<string, unknown>>(specs: FieldSpecs<V>): RuleForm<V> {
  type S = FieldSpecs<V>;
  const specsRef = useRef(specs);
  specsRef.current = specs;
  const initialValues = (): V => Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, (spec as FieldSpec<unknown>).initial])) as V;
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof S, MessageKey>>>({});
  const touched = useRef(new Set<keyof S>());
  const [refusals, setRefusals] = useState<Partial<Record<keyof S, string>>>({});
  // How many mounted fields show each name's refusal.
  const shown = useRef(new Map<keyof S, number>());
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const messageOf = useCallback((name: keyof S, all: V): MessageKey | null => ruleMessage((specsRef.current[name] as FieldSpec<unknown> | undefined)?.rule, all[name], all), []);

  const setError = useCallback((name: keyof S, key: MessageKey | null) => {
    setErrors((previous) => {
      const next = { ...previous };
      if (key) next[name] = key;
      else delete next[name];
      return next;
    });
  }, []);

  const setValue = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      touched.current.add(name);
      setValues(next);
      setRefusals((previous) => (name in previous ? withoutKeys(previous, [name]) : previous));
      setErrors((previous) => {
        if (!(name in previous)) return previous;
        const updated = { ...previous };
        const key = messageOf(name, next);
        if (key) updated[name] = key;
        else delete updated[name];
        return updated;
      });
    },
    [messageOf],
  );

  const validateField = useCallback(
    (name: keyof S) => {
      afterPointerRelease(() => {
        if (touched.current.has(name)) setError(name, messageOf(name, valuesRef.current));
      });
    },
    [messageOf, setError],
  );

  const validate = useCallback(
    (names?: ReadonlyArray<keyof S>) => {
      const all = valuesRef.current;
      const checked = names ?? (Object.keys(specsRef.current) as Array<keyof S>);
      const found: Partial<Record<keyof S, string>> = {};
      for (const name of checked) {
        const key = messageOf(name, all);
        if (key) found[name] = key;
      }
      setErrors((previous) => {
        const next = { ...previous };
        for (const name of checked) delete next[name];
        return { ...next, ...found };
      });
      return Object.keys(found).length === 0;
    },
    [messageOf],
  );

  const reset = useCallback((patch: Partial<V> = {}) => {
    const next = { ...valuesRef.current, ...patch };
    valuesRef.current = next;
    for (const name of Object.keys(patch)) touched.current.delete(name as keyof S);
    setValues(next);
    setErrors((previous) => {
      const kept = { ...previous };
      for (const name of Object.keys(patch)) delete kept[name as keyof S];
      return kept;
    });
    setRefusals({});
  }, []);

  const refuse = useCallback((name: keyof S, text: string) => {
    if ((shown.current.get(name) ?? 0) === 0) return false;
    setRefusals((previous) => ({ ...previous, [name]: text }));
    return true;
  }, []);

  const showsRefusals = useCallback((name: keyof S) => {
    shown.current.set(name, (shown.current.get(name) ?? 0) + 1);
    return () => {
      shown.current.set(name, (shown.current.get(name) ?? 1) - 1);
    };
  }, []);

  return { values, errors, setValue, validateField, validate, setError, reset, refusals, refuse, showsRefusals };
}

function withoutKeys<T extends object>(record: T, keys: readonly PropertyKey[]): T {
  const copy = { ...record };
  for (const key of keys) delete copy[key as keyof T];
  return copy;
}

/**
 * The message under a field of a `useRuleForm`: its broken rule, else the server's refusal of its value (shown
 * until it is changed). A field calling this shows refusals, so the form puts them here rather than above its actions.
 */
export function useFieldMessage<V extends Record<string, unknown>>(form: RuleForm<V>, name: keyof V & string, label: string, kind: FieldKind = 'typed'): string | undefined {
  const { t } = useTranslation();
  const { showsRefusals } = form;
  useEffect(() => showsRefusals(name), [showsRefusals, name]);
  const key = form.errors[name];
  return key ? fieldMessage(t, key, label, kind) : form.refusals[name];
}

/** How a field is filled: typed ("please enter …") or chosen from a list, tree or radio group ("please choose …"). */
export type FieldKind = 'typed' | 'chosen';

/** A rule's message under a field: a bare 'required' names the field (as typed or chosen), everything else reads on its own. */
export function fieldMessage(t: TFunction, key: MessageKey, label: string, kind: FieldKind = 'typed'): string {
  if (key === 'validation.required') return t(kind === 'chosen' ? 'form.requiredChoice' : 'form.required', { label });
  const text = t(key);
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

export interface RuleFieldProps<V extends Record<string, unknown>> {
  form: RuleForm<V>;
  name: keyof V & string;
  label: string;
  required?: boolean;
  hint?: string;
  type?: InputProps['type'];
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  contentAfter?: InputProps['contentAfter'];
  disabled?: boolean;
  /** The server's refusal of the field's value (`pinnedTextFor`), shown when no rule is broken. */
  refusal?: string;
}

/**
 * A field's hint with the count of characters typed against the field's limit (12/50) at its right, so the limit
 * is seen before it cuts; the count turns to a warning at the limit. Only the hint without a limit.
 */
export function HintWithCounter({ hint, length, max }: { hint?: ReactNode; length: number; max?: number }) {
  const styles = useHintStyles();
  const { t } = useTranslation();
  if (max === undefined) return <>{hint}</>;
  return (
    <span className={styles.row}>
      <span>{hint}</span>
      <span className={mergeClasses(styles.counter, length >= max && styles.full)} aria-label={t('form.lengthCount', { length, max })} data-testid="length-counter">
        {length}/{max}
      </span>
    </span>
  );
}

const useHintStyles = makeStyles({
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: tokens.spacingHorizontalM },
  counter: { marginLeft: 'auto', flexShrink: 0, fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground3 },
  full: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

/** Input types whose length a reader does not count (a password is hidden; a number is no text). */
const UNCOUNTED_TYPES: ReadonlySet<string> = new Set(['password', 'number']);

/**
 * A labelled text input bound to a `useRuleForm` field: the rule's message (or the server's refusal) under it, its
 * hint kept beside the message, and the count of characters against its limit.
 */
export function RuleField<V extends Record<string, unknown>>({
  form,
  name,
  label,
  required,
  hint,
  type = 'text',
  autoComplete,
  placeholder,
  maxLength,
  contentAfter,
  disabled,
  refusal,
}: RuleFieldProps<V>) {
  const message = useFieldMessage(form, name, label) ?? refusal;
  const value = String(form.values[name] ?? '');
  const counted = maxLength !== undefined && !UNCOUNTED_TYPES.has(type) ? maxLength : undefined;
  return (
    <Field
      label={label}
      required={required}
      hint={hint || counted !== undefined ? <HintWithCounter hint={hint} length={value.length} max={counted} /> : undefined}
      validationState={message ? 'error' : 'none'}
      validationMessage={message}
    >
      <Input
        name={name}
        value={value}
        onChange={(_event, data) => form.setValue(name, data.value as V[typeof name])}
        onBlur={() => form.validateField(name)}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        contentAfter={contentAfter}
        disabled={disabled}
        data-testid={`field-${name}`}
      />
    </Field>
  );
}
