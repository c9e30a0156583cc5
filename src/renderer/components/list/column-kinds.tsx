import { makeStyles, mergeClasses, tokens, type GriffelStyle } from '@fluentui/react-components';
import { useEffect, type CSSProperties, type FocusEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { TABLE_MAX_HEIGHT } from '../../../shared/constants';

/**
 * What a list column holds (issue 51), which sizes it: a column is at least `min` wide and its text is cut with an
 * ellipsis past `max` (the full value on hover and focus); the table lays the columns out from their content within
 * those bounds and scrolls sideways when they do not fit. `actions` is never cut and stays pinned at the right edge.
 */
export type ColumnKind = 'id' | 'number' | 'code' | 'name' | 'text' | 'email' | 'time' | 'status' | 'actions';

export interface ColumnSize {
  /** px, the content's own width (the cell's padding comes on top). */
  min: number;
  /** px; null: as wide as the content needs. */
  max: number | null;
}

// The minimums are small: a header never wraps, so it holds its column open by itself, and a minimum wider than the
// content only pushes the last columns under the pinned actions (issue 51: /user at 1440 px). The maximums cut.
export const COLUMN_SIZES: Readonly<Record<ColumnKind, ColumnSize>> = {
  id: { min: 40, max: 120 },
  number: { min: 40, max: 120 },
  code: { min: 64, max: 200 },
  name: { min: 56, max: 240 },
  text: { min: 120, max: 320 },
  email: { min: 120, max: 260 },
  // "2026-12-02 07:51:58" whole: a time is never cut.
  time: { min: 136, max: null },
  status: { min: 48, max: 200 },
  actions: { min: 48, max: null },
};

/** A screen frame sets these custom properties to fit its tables into the height left (`ListScreen`). */
export const LIST_TABLE_MAX_HEIGHT = '--list-table-max-height';
export const LIST_TABLE_MIN_HEIGHT = '--list-table-min-height';

/** The scrolling box of a list or tree table: as tall as its frame allows (the spec's height elsewhere), framed. */
export const TABLE_SCROLLER_STYLE: GriffelStyle = {
  maxHeight: `var(${LIST_TABLE_MAX_HEIGHT}, ${TABLE_MAX_HEIGHT}px)`,
  minHeight: `var(${LIST_TABLE_MIN_HEIGHT}, auto)`,
  flexShrink: 1,
  overflow: 'auto',
  border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  borderRadius: tokens.borderRadiusMedium,
};

/** Text for screen readers only: in the accessibility tree, not on the screen. */
export const SCREEN_READER_ONLY_STYLE: GriffelStyle = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

/** A column that declares no kind. */
export const DEFAULT_COLUMN_KIND: ColumnKind = 'name';

/** The cell's horizontal padding Fluent's small table gives, left and right together. */
const CELL_PADDING = 16;

/**
 * The bounds of a column's text: its kind's, or the width the user dragged it to (less the cell's padding), which
 * is then both bounds.
 */
export function cellBounds(kind: ColumnKind | undefined, userWidth: string | undefined): ColumnSize {
  const px = userWidth?.endsWith('px') ? Number.parseFloat(userWidth) : Number.NaN;
  if (Number.isFinite(px)) {
    const inner = Math.max(0, px - CELL_PADDING);
    return { min: inner, max: inner };
  }
  return COLUMN_SIZES[kind ?? DEFAULT_COLUMN_KIND];
}

export function cellStyle(bounds: ColumnSize): CSSProperties {
  return bounds.max === null ? { minWidth: `${bounds.min}px` } : { minWidth: `${bounds.min}px`, maxWidth: `${bounds.max}px` };
}

/** Set on a table's scroller while columns lie scrolled beneath its pinned actions. */
const BENEATH_PINNED = 'data-beneath-pinned';
const PINNED_SHADOW = `-1px 0 0 ${tokens.colorNeutralStroke2}, -10px 0 10px -6px ${tokens.colorNeutralShadowKeyDarker}`;

/** A pinned cell: at the right edge, above the cells scrolled beneath it (`zIndex`), on its row's `background`. */
function pinnedStyle(zIndex: number, background: string): GriffelStyle {
  return {
    position: 'sticky',
    right: 0,
    zIndex,
    backgroundColor: background,
    boxShadow: `-1px 0 0 ${tokens.colorNeutralStroke2}`,
    [`:global([${BENEATH_PINNED}])`]: { boxShadow: PINNED_SHADOW },
  };
}

/** Keeps `BENEATH_PINNED` on the scroller in step with its sideways scroll and with the table's width. */
export function usePinnedShadow(scrollerRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const update = () => scroller.toggleAttribute(BENEATH_PINNED, scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1);
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    if (scroller.firstElementChild) observer.observe(scroller.firstElementChild);
    return () => {
      scroller.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [scrollerRef]);
}

export const useCellStyles = makeStyles({
  // Fluent's table is fixed-layout with equal columns; the columns are sized by their content here.
  table: { tableLayout: 'auto', minWidth: '100%', width: 'max-content' },
  headerCell: { whiteSpace: 'nowrap' },
  text: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    // A second line of the cell (a code under a name) is cut the same way.
    '& > *': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' },
  },
  actions: { whiteSpace: 'nowrap', '& > *': { flexWrap: 'nowrap' } },
  // Pinned right: the cell lies over the columns scrolled beneath it, so it has the row's background, and casts a
  // shadow over them while there are some (`usePinnedShadow`): the cut column reads as going on beneath.
  pinned: pinnedStyle(1, tokens.colorNeutralBackground1),
  pinnedHeader: pinnedStyle(2, tokens.colorNeutralBackground2),
  pinnedSelected: { backgroundColor: tokens.colorBrandBackground2 },
});

/** Gives a cut cell its full text as a tooltip, when the pointer or the focus reaches it. */
function offerFullText(event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) {
  const element = event.currentTarget;
  const cut = element.scrollWidth > element.clientWidth || [...element.children].some((child) => child.scrollWidth > child.clientWidth);
  const full = element.textContent ?? '';
  if (cut) element.title = full;
  else element.removeAttribute('title');
}

/** A cell's content within its kind's bounds. */
export function CellContent({ kind, width, children }: { kind: ColumnKind | undefined; width: string | undefined; children: ReactNode }) {
  const styles = useCellStyles();
  const bounds = cellBounds(kind, width);
  if (kind === 'actions')
    return (
      <div className={styles.actions} style={cellStyle(bounds)}>
        {children}
      </div>
    );
  return (
    <div className={mergeClasses(styles.text)} style={cellStyle(bounds)} onMouseEnter={offerFullText} onFocus={offerFullText} data-cell-text>
      {children}
    </div>
  );
}
