import type { ZodType } from 'zod';
import { isRuleMessageKey, type MessageKey } from '../../i18n/message-key';

/**
 * A field's rule: a zod schema from src/shared/rules.ts (its messages are i18n keys), or a function for
 * rules that look at other fields (a confirmation must equal the new password). Either yields an i18n key.
 */
export type FieldRule<V = string> = ZodType | ((value: V, values: Readonly<Record<string, unknown>>) => MessageKey | null);

/** The i18n key of the first broken rule, or null when the value passes. */
export function ruleMessage<V>(rule: FieldRule<V> | undefined, value: V, values: Readonly<Record<string, unknown>> = {}): MessageKey | null {
  if (!rule) return null;
  if (typeof rule === 'function') return rule(value, values);
  const result = rule.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  return message !== undefined && isRuleMessageKey(message) ? message : 'validation.format';
}

/** A rule that first asks for a value with its own message, then applies a zod rule. */
export function requiredThen(requiredKey: MessageKey, rule: ZodType): FieldRule<string> {
  return (value) => (value.trim() === '' ? requiredKey : ruleMessage(rule, value));
}
