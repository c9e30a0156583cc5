import { Field, Input, type InputProps } from '@fluentui/react-components';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../date/DateFields';
import type { TFunction } from 'i18next';
import type { MessageKey } from '../../i18n/message-key';
import { ruleMessage, type FieldRule } from './rules';

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
      if (touched.current.has(name)) setError(name, messageOf(name, valuesRef.current));
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
  }, []);

  return { values, errors, setValue, validateField, validate, setError, reset };
}

/** How a field is filled: typed ("please enter …") or chosen from a list, tree or radio group ("please choose …"). */
export type FieldKind = 'typed' | 'chosen';

/** A rule's message under a field: a bare 'required' names the field (as typed or chosen), everything else reads on its own. */
export function fieldMessage(t: TFunction, key: MessageKey, label: string, kind: FieldKind = 'typed'): string {
  if (key === 'validation.required') return t(kind === 'chosen' ? 'form.requiredChoice' : 'form.required', { label });
  const text = t(key);
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

interface RuleFieldProps<V extends Record<string, unknown>> {
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

/** A labelled text input bound to a `useRuleForm` field, with the rule's message under it. */
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
  const { t } = useTranslation();
  const key = form.errors[name];
  const message = key ? fieldMessage(t, key, label) : refusal;
  return (
    <Field label={label} required={required} hint={message ? undefined : hint} validationState={message ? 'error' : 'none'} validationMessage={message}>
      <Input
        name={name}
        value={String(form.values[name] ?? '')}
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

/** A labelled day picker (yyyy-MM-dd) bound to a `useRuleForm` field; a chosen or typed day is checked at once. */
export function RuleDateField<V extends Record<string, unknown>>({
  form,
  name,
  label,
  required,
  hint,
  max,
  disabled,
}: Pick<RuleFieldProps<V>, 'form' | 'name' | 'label' | 'required' | 'hint' | 'disabled'> & { max?: string }) {
  const { t } = useTranslation();
  const key = form.errors[name];
  return (
    <Field label={label} required={required} hint={key ? undefined : hint} validationState={key ? 'error' : 'none'} validationMessage={key ? fieldMessage(t, key, label) : undefined}>
      <DateInput
        value={String(form.values[name] ?? '')}
        onChange={(value) => {
          form.setValue(name, value as V[typeof name]);
          form.validateField(name);
        }}
        max={max}
        maxCheckedByForm
        disabled={disabled}
        data-testid={`field-${name}`}
      />
    </Field>
  );
}
