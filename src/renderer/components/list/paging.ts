import { PAGER_ELLIPSIS_ABOVE } from '../../../shared/constants';

/** Paging rules of spec 000 §5/§9: pages from 1, a jump above the last page resets to 1, ellipsis above 5 pages. */

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/**
 * The page a 'jump to page' entry leads to: a number above the last page resets to 1, one below 1 goes
 * to 1, and anything that is not a whole number leads nowhere (null).
 */
export function resolveJumpPage(entry: string, pageCount: number): number | null {
  const text = entry.trim();
  if (!/^-?\d+$/.test(text)) return null;
  const page = Number(text);
  if (page > pageCount || page < 1) return 1;
  return page;
}

export type PagerItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; direction: 'prev' | 'next'; target: number };

/**
 * The pager's buttons. Up to 5 pages every page is shown; above that the first and last page stay, three
 * pages around the current one are shown and the rest collapse into ellipsis items, each jumping 3 pages.
 */
export function pagerItems(current: number, pageCount: number, pagerCount: number = PAGER_ELLIPSIS_ABOVE): PagerItem[] {
  const page = (n: number): PagerItem => ({ kind: 'page', page: n });
  if (pageCount <= pagerCount) return Array.from({ length: pageCount }, (_, i) => page(i + 1));

  const middleCount = pagerCount - 2;
  const half = Math.floor((pagerCount - 1) / 2);
  const showPrevMore = current > pagerCount - half;
  const showNextMore = current < pageCount - half;

  let first: number;
  if (showPrevMore && !showNextMore) first = pageCount - middleCount;
  else if (showPrevMore && showNextMore) first = current - Math.floor(middleCount / 2);
  else first = 2;
  const last = showNextMore ? first + middleCount - 1 : pageCount - 1;

  const items: PagerItem[] = [page(1)];
  if (showPrevMore) items.push({ kind: 'ellipsis', direction: 'prev', target: Math.max(1, current - middleCount) });
  for (let n = first; n <= last; n++) items.push(page(n));
  if (showNextMore) items.push({ kind: 'ellipsis', direction: 'next', target: Math.min(pageCount, current + middleCount) });
  items.push(page(pageCount));
  return items;
}
