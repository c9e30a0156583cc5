import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale } from '../../shared/constants';

/** The bundled help PDFs are `console-help.<locale>.pdf` in the help folder (resources/help). */
export function helpPdfFileName(locale: Locale): string {
  return `console-help.${locale}.pdf`;
}

/** File names the help folder may serve: nothing else in it is reachable. */
export const HELP_PDF_FILE_PATTERN = /^console-help\.[a-z]{2}_[A-Z]{2}\.pdf$/;

/**
 * The help is written in Chinese, English and German; Korean and Japanese users get the English one, and any
 * locale falls back to English, then Chinese, when its own file is missing.
 */
const FALLBACKS: Locale[] = ['en_US', 'zh_CN'];

/** The file name of the best help PDF for a locale that exists in the folder, or null when none does. */
export async function findHelpPdf(helpDir: string, locale: Locale): Promise<string | null> {
  for (const candidate of [locale, ...FALLBACKS.filter((l) => l !== locale)]) {
    const name = helpPdfFileName(candidate);
    try {
      await access(join(helpDir, name));
      return name;
    } catch {
      // Not bundled for this locale: try the next one.
    }
  }
  return null;
}
