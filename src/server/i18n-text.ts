import { eq } from 'drizzle-orm';
import type { Locale } from '../shared/constants';
import type { Db } from './db/client';
import { i18nText } from './db/schema';

const COLUMN: Record<Locale, 'chinese' | 'english' | 'german' | 'korean' | 'japanese'> = {
  zh_CN: 'chinese',
  en_US: 'english',
  de_DE: 'german',
  ko_KR: 'korean',
  ja_JP: 'japanese',
};

/**
 * Translates stored Chinese names (menus, systems) through the multilingual-text table. Loaded once and
 * dropped by `changed()` whenever a multilingual text is saved or deleted.
 */
export class Translations {
  private table: Promise<Map<string, typeof i18nText.$inferSelect>> | null = null;
  private epochValue = 0;

  constructor(private readonly db: Db) {}

  get epoch(): number {
    return this.epochValue;
  }

  changed(): void {
    this.epochValue++;
    this.table = null;
  }

  async translate(locale: Locale, chinese: string): Promise<string> {
    if (locale === 'zh_CN') return chinese;
    const row = (await this.load()).get(chinese);
    const translated = row?.[COLUMN[locale]];
    return translated ? translated : chinese;
  }

  private load(): Promise<Map<string, typeof i18nText.$inferSelect>> {
    this.table ??= this.db
      .select()
      .from(i18nText)
      .where(eq(i18nText.status, 1))
      .then((rows) => new Map(rows.map((r) => [r.chinese, r])))
      .catch((error: unknown) => {
        this.table = null;
        throw error;
      });
    return this.table;
  }
}
