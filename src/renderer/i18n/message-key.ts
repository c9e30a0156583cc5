import type { Catalog } from './locales/zh_CN';

/** A form-rule message shared with the server (`src/shared/i18n`), which types its catalog by plain strings. */
export type RuleMessageKey = `validation.${string}`;

/** A screen's title: `route.` and its route pattern, named by the menu catalog or the renderer's catalog. */
export type RouteTitleKey = `route.${string}`;

/** A screen's one line on what it is for, in its page header: `about.` and its route pattern. */
export type ScreenAboutKey = `about.${string}`;

export function screenAboutKey(pattern: string): ScreenAboutKey {
  return `about.${pattern}`;
}

/**
 * The keys of the areas' own text, key by key: the shell, which registers the areas, declares them here
 * (`app/area-texts.ts`), so the kit types `t()` without importing a screen.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AreaMessageKeys {}

/** A counted text's key as `t(key, { count })` takes it: i18next picks `<key>_one` / `<key>_other` by the language's plural rules. */
export type PluralBase<Key> = Key extends `${infer Base}_other` ? Base : never;

/** Every key `t()` takes: the renderer's catalog and each area's text key by key, rule messages and titles by family. */
export type MessageKey = keyof Catalog | keyof AreaMessageKeys | PluralBase<keyof Catalog | keyof AreaMessageKeys> | RuleMessageKey | RouteTitleKey | ScreenAboutKey;

/** Whether a rule's message is a shared rule key; zod types every message as a plain string. */
export function isRuleMessageKey(message: string): message is RuleMessageKey {
  return message.startsWith('validation.');
}
