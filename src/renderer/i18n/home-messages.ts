import type { Locale } from '../../shared/constants';
import { MENU_CATALOG } from '../../shared/menu-catalog';
import { FEATURE_TEXTS } from '../app/area-texts';

/**
 * The text only the Home shell and its screens show, in one locale: the titles of the list screens as the
 * menu catalog names them, and each feature's text. Loaded with the shell, never by the sign-in page.
 */
export function homeMessages(locale: Locale): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const system of MENU_CATALOG) {
    for (const group of system.groups) {
      for (const page of group.pages) messages[`route.${page.url}`] ??= page.name[locale];
    }
  }
  for (const text of FEATURE_TEXTS) Object.assign(messages, text[locale]);
  return messages;
}
