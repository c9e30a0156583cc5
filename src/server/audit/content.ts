import { DEFAULT_LOCALE, type Locale } from '../../shared/constants';
import { interfaceLabels } from '../../shared/contract/interface-names';
import { contentTemplates, filePurposeNames, fillTemplate, listSeparatorOf, storedValues, type OperationContent, type TemplateContext } from '../../shared/operation-content';

/** What a row's content is written out from: its key and values, or, for a row older than the keys, its text. */
export interface StoredContent {
  operationContent: string;
  contentKey: string | null;
  contentValues: unknown;
}

/** What a locale writes contents with: its templates and the names of coded values. */
export interface ContentLanguage {
  templates: Record<string, string>;
  context: TemplateContext;
}

const languages = new Map<Locale, ContentLanguage>();

/** The templates and names of `locale`, made once. */
export function contentLanguage(locale: Locale): ContentLanguage {
  let language = languages.get(locale);
  if (!language) {
    language = { templates: contentTemplates(locale), context: { listSeparator: listSeparatorOf(locale), names: { interface: interfaceLabels(locale), purpose: filePurposeNames(locale) } } };
    languages.set(locale, language);
  }
  return language;
}

/**
 * A row's content in `locale`: its key's template filled with its values; a row without a key (older than the keys),
 * or with a key this release does not know, reads as the text it was stored with.
 */
export function contentText(row: StoredContent, locale: Locale): string {
  if (row.contentKey === null) return row.operationContent;
  const { templates, context } = contentLanguage(locale);
  const template = templates[row.contentKey];
  if (template === undefined) return row.operationContent;
  return fillTemplate(template, row.contentValues as Record<string, unknown> | null, context);
}

/** The stored form of a writer's content: its key, its values cut to size, and its text in the default language. */
export function storedContent(content: OperationContent): StoredContent {
  const contentValues = storedValues(content.values);
  return { contentKey: content.key, contentValues, operationContent: contentText({ contentKey: content.key, contentValues, operationContent: '' }, DEFAULT_LOCALE) };
}
