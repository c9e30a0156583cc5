import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { I18nStatus, type Locale } from '../shared/constants';
import type { CacheBroadcast, SharedCache } from './auth/authz-channel';
import type { Db } from './db/client';
import { i18nText } from './db/tables';

/** The PostgreSQL channel on which server processes announce changes of the multilingual texts. */
export const TRANSLATIONS_CHANNEL = 'console_i18n_changed';

const COLUMN: Record<Locale, 'chinese' | 'english' | 'german' | 'korean' | 'japanese'> = {
  zh_CN: 'chinese',
  en_US: 'english',
  de_DE: 'german',
  ko_KR: 'korean',
  ja_JP: 'japanese',
};

type TextRow = typeof i18nText.$inferSelect;

interface Loaded {
  byChinese: Map<string, TextRow>;
  /** A fingerprint of the usable texts (ids and versions): equal in every process for equal data. */
  stamp: string;
}

/**
 * Translates stored Chinese names (menus, systems) through the usable multilingual texts, falling back to
 * the Chinese name. Loaded once and dropped by `changed()`, which every save, delete and import of a text
 * calls after its transaction committed; `changed()` also tells the other server processes on the database
 * (PostgreSQL LISTEN/NOTIFY, see `connectCacheChannel`), which drop theirs (`dropCaches`).
 */
export class Translations implements SharedCache {
  private table: Promise<Loaded> | null = null;
  private epochValue = 0;
  private broadcast: CacheBroadcast | null = null;

  constructor(private readonly db: Db) {}

  /** Bumps on every change; caches built from translated names key on it. */
  get epoch(): number {
    return this.epochValue;
  }

  broadcastTo(broadcast: CacheBroadcast | null): void {
    this.broadcast = broadcast;
  }

  changed(): void {
    this.dropCaches();
    this.broadcast?.publish();
  }

  dropCaches(): void {
    this.epochValue++;
    this.table = null;
  }

  async translate(locale: Locale, chinese: string): Promise<string> {
    if (locale === 'zh_CN') return chinese;
    const row = (await this.load()).byChinese.get(chinese);
    const translated = row?.[COLUMN[locale]];
    return translated ? translated : chinese;
  }

  /** Changes whenever a usable text is added, changed, stopped or deleted, in whichever process. */
  async stamp(): Promise<string> {
    return (await this.load()).stamp;
  }

  private load(): Promise<Loaded> {
    this.table ??= this.db
      .select()
      .from(i18nText)
      .where(eq(i18nText.status, I18nStatus.Usable))
      .orderBy(asc(i18nText.id))
      .then((rows) => ({
        byChinese: new Map(rows.map((r) => [r.chinese, r])),
        stamp: createHash('sha256')
          .update(rows.map((r) => `${r.id}:${r.version}`).join(','))
          .digest('base64url')
          .slice(0, 16),
      }))
      .catch((error: unknown) => {
        this.table = null;
        throw error;
      });
    return this.table;
  }
}
