import type { CallInput } from '../../../shared/bridge';
import { audienceProblem, parseAudience, pushProviderAddForm, pushRules, pushSendForm, PushAudience, type ParsedAudience, type PushProviderRecord } from '../contract';
import { issuesByField } from '../../../renderer/components/form/record-form';
import { ruleMessage } from '../../../renderer/components/form/rules';
import type { MessageKey, RuleMessageKey } from '../../../renderer/i18n/message-key';

/** The values and rules of the provider form and the push dialog: the contract's own schemas. */

export type ProviderFormValues = { alias: string; appKey: string; apnsProduction: boolean; secret: string };
export type ProviderField = keyof ProviderFormValues;
export const PROVIDER_FIELDS: readonly ProviderField[] = ['alias', 'appKey', 'apnsProduction', 'secret'];

export function providerValuesOf(record: PushProviderRecord | null): ProviderFormValues {
  // The stored secret is never sent to a screen: the field starts empty, and in edit mode empty keeps it.
  return { alias: record?.alias ?? '', appKey: record?.appKey ?? '', apnsProduction: record?.apnsProduction ?? true, secret: '' };
}

const providerFieldRules = pushProviderAddForm.pick({ alias: true, appKey: true, apnsProduction: true });

/** The contract's rules on the typed values; the Master Secret in clear (the contract sees it only sealed). */
export function providerFormIssues(values: ProviderFormValues, isNew: boolean): Partial<Record<ProviderField, RuleMessageKey>> {
  const issues: Partial<Record<ProviderField, RuleMessageKey>> = issuesByField(providerFieldRules, values, PROVIDER_FIELDS);
  if (isNew || values.secret.trim() !== '') {
    const secret = ruleMessage(pushRules.masterSecret, values.secret);
    if (secret) issues.secret = secret as RuleMessageKey;
  }
  return issues;
}

function providerFields(values: ProviderFormValues) {
  return { alias: values.alias.trim(), appKey: values.appKey.trim(), apnsProduction: values.apnsProduction };
}

/** The add call: the Master Secret in clear here; the desktop core seals it before it leaves the machine. */
export function providerAddPayload(values: ProviderFormValues): CallInput<'push.providerAdd'> {
  return { ...providerFields(values), secret: values.secret.trim() };
}

/** The update call: a secret left empty is not sent, and the stored one stays. */
export function providerUpdatePayload(values: ProviderFormValues, record: { id: number; version: number }): CallInput<'push.providerUpdate'> {
  const secret = values.secret.trim();
  return { ...providerFields(values), id: record.id, version: record.version, ...(secret !== '' && { secret }) };
}

const PROVIDER_LABELS: Readonly<Record<string, MessageKey>> = { alias: 'push.alias', appKey: 'push.appKey', apnsProduction: 'push.apnsProduction', secret: 'push.secret' };

/** The label of a field the server names in a refusal ('appKey: …'), or null for a name the form does not know. */
export function providerFieldLabelKey(field: string): MessageKey | null {
  return Object.hasOwn(PROVIDER_LABELS, field) ? (PROVIDER_LABELS[field] ?? null) : null;
}

export type ComposeValues = { audienceType: PushAudience; audience: string; title: string; alert: string };
export type ComposeField = keyof ComposeValues;
const COMPOSE_FIELDS: readonly ComposeField[] = ['audienceType', 'audience', 'title', 'alert'];

export const NEW_COMPOSE: ComposeValues = { audienceType: PushAudience.Alias, audience: '', title: '', alert: '' };

export interface ComposeCheck {
  parsed: ParsedAudience;
  /** Each field's problem as a message key and its values (the audience's name the bad values). */
  issues: Partial<Record<ComposeField, { key: MessageKey; params?: Record<string, string | number> }>>;
}

/**
 * The push dialog's verdict: the contract's rules on title and alert, and the audience split, checked and
 * de-duplicated as the server does it. An audience problem's key is the screen's own (`push.problem.*`),
 * which interpolates its values.
 */
export function checkCompose(values: ComposeValues, providerId: number): ComposeCheck {
  const parsed = parseAudience(values.audienceType === PushAudience.All ? '' : values.audience);
  const issues: ComposeCheck['issues'] = {};
  for (const [field, key] of Object.entries(issuesByField(pushSendForm, { ...values, providerId }, COMPOSE_FIELDS))) {
    if (key) issues[field as ComposeField] = { key };
  }
  const problem = audienceProblem(values.audienceType, parsed);
  if (problem) issues.audience = { key: `push.problem.${problem.key.replace(/^validation\./, '')}` as MessageKey, params: problem.params };
  return { parsed, issues };
}

export function composePayload(values: ComposeValues, providerId: number): CallInput<'push.send'> {
  return {
    providerId,
    audienceType: values.audienceType,
    audience: values.audienceType === PushAudience.All ? '' : values.audience,
    title: values.title.trim(),
    alert: values.alert.trim(),
  };
}
