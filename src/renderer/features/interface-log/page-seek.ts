import type { InterfaceLogRow, InterfaceLogSeek } from '../../../shared/contract/interface-log';

interface PageBounds {
  first: InterfaceLogSeek;
  last: InterfaceLogSeek;
}

const seekOf = (row: Pick<InterfaceLogRow, 'startTime' | 'id'>): InterfaceLogSeek => ({ startTime: row.startTime, id: row.id });

/**
 * The first and last rows of the pages seen under one set of filters, so that the next or previous page is
 * read from a row (a seek on the server's index) instead of by offset: page 10,000 then costs what page 1
 * costs. A page not next to one seen goes by offset. Other filters or another page size start afresh.
 */
export class PageSeeks {
  private key = '';
  private readonly bounds = new Map<number, PageBounds>();

  /** What the list call adds for `page`: `after` the page before it, `before` the page after it, or nothing. */
  seekFor(key: string, page: number): { after?: InterfaceLogSeek; before?: InterfaceLogSeek } {
    if (key !== this.key) {
      this.key = key;
      this.bounds.clear();
    }
    if (page === 1) return {};
    const previous = this.bounds.get(page - 1);
    if (previous) return { after: previous.last };
    const next = this.bounds.get(page + 1);
    return next ? { before: next.first } : {};
  }

  /** Remembers the rows of a page the server answered under the filters last asked for. */
  record(page: number, rows: readonly Pick<InterfaceLogRow, 'startTime' | 'id'>[]): void {
    if (rows.length === 0) return;
    this.bounds.set(page, { first: seekOf(rows[0]!), last: seekOf(rows[rows.length - 1]!) });
  }
}
