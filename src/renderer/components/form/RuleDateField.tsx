import { Field } from '@fluentui/react-components';
import { DateInput } from '../date/DateFields';
import { useFieldMessage, type RuleFieldProps } from './RuleForm';

/**
 * A labelled day picker (yyyy-MM-dd) bound to a `useRuleForm` field; a chosen or typed day is checked at once. Apart
 * from RuleForm: the sign-in form is a rule form, and the picker's code (about 24 KB gzipped) would load with it.
 */
export function RuleDateField<V extends Record<string, unknown>>({
  form,
  name,
  label,
  required,
  hint,
  max,
  disabled,
}: Pick<RuleFieldProps<V>, 'form' | 'name' | 'label' | 'required' | 'hint' | 'disabled'> & { max?: string }) {
  const message = useFieldMessage(form, name, label);
  return (
    <Field label={label} required={required} hint={hint} validationState={message ? 'error' : 'none'} validationMessage={message}>
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
