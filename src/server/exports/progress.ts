import type { ExportProgress } from '../../shared/contract/export';
import { rowCount, type SheetPage } from './sheet-page';

/**
 * How far each export under way has got, by the key its screen chose (`progressKey`): rows written of how
 * many, read by the area's export-progress endpoint while the file streams. One board for every export, in
 * the process that streams it; a key answers only the user who started the export.
 */

/** How long the progress of a finished export can still be read. */
const KEPT_AFTER_FINISH_MS = 10 * 60_000;
const ENTRIES_MAX = 1000;

interface Tracked extends ExportProgress {
  userId: number;
  finishedAt: number | null;
}

const board = new Map<string, Tracked>();

function forgetFinished(now: number): void {
  for (const [key, tracked] of board) if (tracked.finishedAt !== null && now - tracked.finishedAt > KEPT_AFTER_FINISH_MS) board.delete(key);
}

/**
 * Counts the rows of an export's pages as the writer takes them; with a key, the count can be read on the
 * board. `total` is how many rows the export will write, counted before the first byte.
 */
export function trackedPages(pages: AsyncIterable<SheetPage>, progress: { key: string | undefined; userId: number; total: number }): AsyncGenerator<SheetPage> {
  const tracked: Tracked = { userId: progress.userId, rows: 0, total: progress.total, done: false, finishedAt: null };
  if (progress.key) {
    forgetFinished(Date.now());
    // The oldest entry makes room: a screen that never asks again leaves nothing behind for long.
    if (board.size >= ENTRIES_MAX) board.delete(board.keys().next().value!);
    board.set(progress.key, tracked);
  }
  return (async function* () {
    try {
      for await (const rows of pages) {
        // Counted before it is handed on: a page that moves to the writer thread is empty here after.
        const count = rowCount(rows);
        yield rows;
        tracked.rows += count;
      }
    } finally {
      tracked.done = true;
      tracked.finishedAt = Date.now();
    }
  })();
}

/** The progress of the caller's own export; null for an unknown key or another user's. */
export function readExportProgress(key: string, userId: number): ExportProgress | null {
  const tracked = board.get(key);
  if (!tracked || tracked.userId !== userId) return null;
  return { rows: tracked.rows, total: tracked.total, done: tracked.done };
}
