import type { FeatureKey } from '../app/area-texts';
import type { Catalog } from './locales/zh_CN';

/** A form-rule message shared with the server (`src/shared/i18n`), which types its catalog by plain strings. */
export type RuleMessageKey = `validation.${string}`;

/** A screen's title: `route.` and its route pattern, named by the menu catalog or the renderer's catalog. */
export type RouteTitleKey = `route.${string}`;

/** Every key `t()` takes: the renderer's catalog and each feature's text key by key, rule messages and titles by family. */
export type MessageKey = keyof Catalog | FeatureKey | RuleMessageKey | RouteTitleKey;

/** Whether a rule's message is a shared rule key; zod types every message as a plain string. */
export function isRuleMessageKey(message: string): message is RuleMessageKey {
  return message.startsWith('validation.');
}
