import { describe, expect, it } from 'vitest';
import { keysetPages, type KeysetPage } from './keyset';
import type { CellValue } from './xlsx';

/** Pages of `size` rows numbered from 1 up to `total`, keyed by the last row's number; `log` records each read. */
function source(total: number, size: number, log: string[], failAfter?: number) {
  return async (after: number | null): Promise<KeysetPage<number, CellValue[][]>> => {
    log.push(`read ${after ?? 'start'}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
    const first = (after ?? 0) + 1;
    if (failAfter !== undefined && first > failAfter) throw new Error(`page after ${after} cannot be read`);
    const rows: CellValue[][] = [];
    for (let n = first; n <= Math.min(total, first + size - 1); n++) rows.push([n]);
    return { rows, next: rows.length === size ? first + size - 1 : null };
  };
}

describe('keyset pages read one ahead', () => {
  it('hands on every row in order and asks for the next page before handing on this one', async () => {
    const log: string[] = [];
    const seen: number[] = [];
    for await (const rows of keysetPages(source(25, 10, log))) {
      log.push(`page ${rows[0]![0]}`);
      for (const row of rows) seen.push(row[0] as number);
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(log).toEqual(['read start', 'read 10', 'page 1', 'read 20', 'page 11', 'page 21']);
  });

  it('ends on an empty page without handing it on, and reads no further', async () => {
    const log: string[] = [];
    const pages: number[] = [];
    for await (const rows of keysetPages(source(20, 10, log))) pages.push(rows.length);
    expect(pages).toEqual([10, 10]);
    expect(log).toEqual(['read start', 'read 10', 'read 20']);
  });

  it('fails at the page that cannot be read, after the pages before it', async () => {
    const pages: number[] = [];
    const reading = (async () => {
      for await (const rows of keysetPages(source(50, 10, [], 20))) pages.push(rows[0]![0] as number);
    })();
    await expect(reading).rejects.toThrow('page after 20 cannot be read');
    expect(pages).toEqual([1, 11]);
  });

  it('leaves no unanswered failure when the reader stops before a read ahead fails', async () => {
    const log: string[] = [];
    for await (const rows of keysetPages(source(50, 10, log, 10))) {
      expect(rows[0]).toEqual([1]);
      break;
    }
    // The read ahead fails after the loop left; an unhandled rejection would fail this test run.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['read start', 'read 10']);
  });
});
