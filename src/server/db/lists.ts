/** Helpers for list queries: filter patterns and the page envelope of spec 000 §7. */

/** An ILIKE pattern matching values that contain `text`, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

export function pageResult<T>(records: T[], total: number, page: number, limit: number): { records: T[]; total: number; current: number; pages: number; size: number } {
  return { records, total, current: page, pages: Math.ceil(total / limit), size: limit };
}
