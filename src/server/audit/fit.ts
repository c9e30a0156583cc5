import { getTableColumns, type Table } from 'drizzle-orm';
import { PgChar, PgJson, PgJsonb, PgText, PgVarchar } from 'drizzle-orm/pg-core';
import { truncate } from './redact';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** String.prototype.isWellFormed (ES2024, in every Node this runs on): no lone surrogate. */
type CheckableText = string & { isWellFormed(): boolean };

/** Text PostgreSQL can store: text and jsonb refuse NUL characters, and UTF-8 has no lone surrogates. */
export function storableText(text: string): string {
  // Nearly every text is storable as it is: two native scans instead of the regular expressions' copies.
  if ((text as CheckableText).isWellFormed() && !text.includes('\u0000')) return text;
  return text.replace(/\u0000/g, '').replace(LONE_SURROGATE, '\ufffd');
}

/** A value jsonb takes: every string and key storable; what JSON has no form for becomes what JSON.stringify would write. */
export function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (typeof value === 'bigint') return String(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => storableJson(item));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), storableJson(item)]));
}

type Fit = (value: unknown) => unknown;

/** How a value is made to fit a column: text clipped to the column's declared length, JSON made storable. */
function fitFor(column: unknown): Fit | null {
  if (column instanceof PgVarchar || column instanceof PgChar) {
    const max = column.length;
    return (value) => (typeof value === 'string' ? (max === undefined ? storableText(value) : truncate(storableText(value), max)) : value);
  }
  if (column instanceof PgText) return (value) => (typeof value === 'string' ? storableText(value) : value);
  if (column instanceof PgJsonb || column instanceof PgJson) return storableJson;
  return null;
}

/**
 * A function that makes a row of `table` storable: every string clipped to its column's length (read
 * from the table definition), NUL characters and lone surrogates removed, JSON values cleaned likewise.
 */
export function rowFitter<T extends Table>(table: T): (row: T['$inferInsert']) => T['$inferInsert'] {
  const fits = Object.entries(getTableColumns(table)).flatMap(([property, column]) => {
    const fit = fitFor(column);
    return fit ? [[property, fit] as const] : [];
  });
  return (row) => {
    const fitted: Record<string, unknown> = { ...row };
    for (const [property, fit] of fits) {
      if (fitted[property] !== undefined && fitted[property] !== null) fitted[property] = fit(fitted[property]);
    }
    return fitted as T['$inferInsert'];
  };
}
