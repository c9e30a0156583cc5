import { rowCount, type SheetPage } from './sheet-page';

/** One page of an export's rows and where the next page starts. */
export interface KeysetPage<Key, Page extends SheetPage> {
  rows: Page;
  /** The key after this page's last row; null when no page follows. */
  next: Key | null;
}

/**
 * An export's rows a keyset page at a time, each page's statement sent before the page before it is handed on:
 * a database that works beside the server's thread (PostgreSQL, PGlite's worker thread) reads the next page
 * while the writer writes this one, instead of only once the writer waits (issue 11). One page is read ahead
 * here and `xlsxStream` takes one more, so an export holds at most three pages whatever its length.
 */
export async function* keysetPages<Key, Page extends SheetPage>(read: (after: Key | null) => Promise<KeysetPage<Key, Page>>): AsyncGenerator<Page> {
  let pending: Promise<KeysetPage<Key, Page>> | null = read(null);
  while (pending) {
    const page: KeysetPage<Key, Page> = await pending;
    if (rowCount(page.rows) === 0) return;
    pending = page.next === null ? null : read(page.next);
    // Awaited at the next turn of this loop; a read-ahead that fails after the writer stopped is nobody's to answer.
    pending?.catch(() => undefined);
    yield page.rows;
  }
}
