import { measureElement, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { TABLE_MAX_HEIGHT } from '../../../shared/constants';
import { ROW_HEIGHT_ESTIMATE, VIRTUAL_OVERSCAN, allRows, isVirtual, rowSlices, withKeptIndex, type RowSlice } from './virtual-rows';

export interface VirtualRows {
  /** Whether only the rows in view (plus the overscan) are rendered. */
  virtual: boolean;
  /** The table body: rows by index, and gap rows for those not rendered. */
  slices: RowSlice[];
  /** For the row of `index`: its measurement, and keeping it while it holds the focus. */
  rowProps: (index: number) => { 'data-index': number; ref?: (element: HTMLElement | null) => void; onFocus: () => void };
  /** Scrolls the row of `index` into view (rendering it first) and focuses it. */
  focusRow: (index: number) => void;
}

/** A row with no layout (in a hidden tab) keeps its estimate instead of counting as 0 px high. */
function measureRow(element: HTMLElement, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, HTMLElement>): number {
  return measureElement(element, entry, instance) || ROW_HEIGHT_ESTIMATE;
}

/**
 * The rows a table or a tree renders (issue 16, big tables): all of them up to `VIRTUAL_FROM_ROWS`; beyond that
 * only those in view in `scroller` plus `VIRTUAL_OVERSCAN` on each side and the focused row, measured as they
 * render. A table's sticky `header` sits above the rows inside the scroller.
 */
export function useVirtualRows(count: number, scroller: RefObject<HTMLDivElement | null>, header?: RefObject<HTMLElement | null>): VirtualRows {
  const virtual = isVirtual(count);
  const [headerHeight, setHeaderHeight] = useState(0);
  // The row holding the keyboard focus stays rendered when it scrolls out of view, so the focus is not lost.
  const [focused, setFocused] = useState<number | null>(null);
  const pendingFocus = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (virtual) setHeaderHeight(header?.current?.offsetHeight ?? 0);
  }, [virtual, header]);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const start = Math.max(range.startIndex - range.overscan, 0);
      const end = Math.min(range.endIndex + range.overscan, range.count - 1);
      const indexes = Array.from({ length: Math.max(end - start + 1, 0) }, (_, i) => start + i);
      return withKeptIndex(indexes, focused, range.count);
    },
    [focused],
  );

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLElement>({
    count,
    enabled: virtual,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    overscan: VIRTUAL_OVERSCAN,
    // A table past VIRTUAL_FROM_ROWS fills its scroller's maximum height: the first render assumes it.
    initialRect: { width: 0, height: TABLE_MAX_HEIGHT },
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    rangeExtractor,
    measureElement: measureRow,
    // React 19 refuses a synchronous flush from inside its own commit (the rows' measuring refs).
    useFlushSync: false,
  });

  const slices = virtual ? rowSlices(virtualizer.getVirtualItems(), headerHeight, virtualizer.getTotalSize()) : allRows(count);

  const focusRendered = (index: number): boolean => {
    const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    // A virtual table scrolls by the virtualizer, which knows the sticky header; the browser's own scroll does not.
    row?.focus({ preventScroll: virtual });
    return row != null;
  };

  // A row asked for before it was rendered gets the focus once it is.
  useEffect(() => {
    if (pendingFocus.current !== null && focusRendered(pendingFocus.current)) pendingFocus.current = null;
  });

  const focusRow = (index: number) => {
    if (index < 0 || index >= count) return;
    setFocused(index);
    if (virtual) virtualizer.scrollToIndex(index, { align: 'auto' });
    pendingFocus.current = focusRendered(index) ? null : index;
  };

  return {
    virtual,
    slices,
    rowProps: (index) => ({
      'data-index': index,
      ref: virtual ? virtualizer.measureElement : undefined,
      onFocus: () => {
        if (focused !== index) setFocused(index);
      },
    }),
    focusRow,
  };
}

/** An empty table row standing for `height` px of rows not rendered. */
export function GapRow({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true" style={{ height: `${height}px` }}>
      <td colSpan={columnCount} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}

/** An empty block standing for `height` px of tree items not rendered. */
export function GapBlock({ height }: { height: number }) {
  return <div aria-hidden="true" style={{ height: `${height}px` }} />;
}
