import type { Locale } from '../../shared/constants';
import { MENU_CATALOG } from '../../shared/menu-catalog';
import { coreMessages, type HomeMessages } from '../i18n';
import { KIT_TEXTS } from './area-texts';
import { AREAS } from './areas';

/**
 * The text only the Home shell and its screens show: the titles of the list screens as the menu catalog names
 * them, the kit's text and each area's text. Loaded with the shell, never by the sign-in page.
 */
export async function loadHomeMessages(): Promise<HomeMessages> {
  const texts = [...KIT_TEXTS, ...(await Promise.all(AREAS.map((area) => area.texts())))];
  return (locale: Locale) => {
    const messages: Record<string, string> = {};
    for (const system of MENU_CATALOG) {
      for (const group of system.groups) {
        for (const page of group.pages) messages[`route.${page.url}`] ??= page.name[locale];
      }
    }
    for (const text of texts) Object.assign(messages, text[locale]);
    return messages;
  };
}

/**
 * Every message of one locale: the form-rule messages shared with the server (`validation.*`), the titles
 * of the list screens as the menu catalog names them, the renderer's own text and each area's text.
 */
export async function localeMessages(locale: Locale): Promise<Record<string, string>> {
  const homeMessages = await loadHomeMessages();
  return { ...homeMessages(locale), ...(await coreMessages(locale)) };
}
