/**
 * Filling a keyed text's template (shared/operation-content.ts) with its values. Kept apart from the catalogue, with
 * nothing imported, for the export's writer thread: it is handed one locale's templates and fills each row's.
 */

/** The most characters a filled template is written with: the list's column and the export's cell stay readable. */
export const CONTENT_TEXT_MAX = 200;

/**
 * Values that name something another part of the contract names in five locales: the writer stores the code (an
 * endpoint's stored interface id, a file's purpose), the reader's language gives its name.
 */
export type NamedValue = 'interface' | 'purpose';

/** What `fillTemplate` needs besides the template and the values: how the language joins a list, and the names of coded values. */
export interface TemplateContext {
  /** Between a list's items: `、` in Chinese and Japanese, `, ` elsewhere. */
  listSeparator: string;
  /** By value name (`NamedValue`): each code's name in the reader's language. */
  names: Readonly<Partial<Record<NamedValue, Readonly<Record<string, string>>>>>;
}

/**
 * A template split once at its names: its texts at even places and the names between them at odd ones
 * (`Edit {name}` → `['Edit ', 'name', '']`). A writer filling a million rows splits each template once.
 */
export function templateParts(template: string): readonly string[] {
  return template.split(/\{(\w+)\}/);
}

/** The parts (`templateParts`) with each name replaced by its value; a value the template names but the row lacks stays `{name}`. Cut to CONTENT_TEXT_MAX. */
export function fillParts(parts: readonly string[], values: Readonly<Record<string, unknown>> | null | undefined, context: TemplateContext): string {
  let filled = parts[0] ?? '';
  for (let at = 1; at < parts.length; at += 2) {
    const name = parts[at]!;
    const value = values?.[name];
    if (value === undefined || value === null) filled += `{${name}}`;
    else if (Array.isArray(value)) filled += value.map(String).join(context.listSeparator);
    else {
      const text = String(value);
      const named = (context.names as Record<string, Readonly<Record<string, string>> | undefined>)[name];
      filled += named && Object.hasOwn(named, text) ? named[text]! : text;
    }
    filled += parts[at + 1]!;
  }
  return filled.length > CONTENT_TEXT_MAX ? `${filled.slice(0, CONTENT_TEXT_MAX - 1)}…` : filled;
}

/** `template` with each `{name}` replaced by its value (`fillParts`). */
export function fillTemplate(template: string, values: Readonly<Record<string, unknown>> | null | undefined, context: TemplateContext): string {
  return fillParts(templateParts(template), values, context);
}
