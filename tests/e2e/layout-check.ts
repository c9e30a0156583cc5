import type { Page } from '@playwright/test';

/**
 * The layout check of issue 51: what a person sees as broken in a screen's tables and buttons, measured in the
 * browser on what is laid out at the moment of the call.
 *
 * - `cell-overflow`: a table cell (body or header) whose text runs past its box without an ellipsis, or is cut by a
 *   box inside it that shows no ellipsis;
 * - `cell-wrap`: a table cell whose text runs over more than two lines;
 * - `overlap`: two header or cell boxes of one row that overlap (a sticky column overlays the others by design);
 * - `tall-row`: a row taller than three times the table's median row;
 * - `button-clipped`: a button cut by the right edge of the window or of a box that hides its overflow;
 * - `pager-hidden`: a list's pager below the bottom of the window;
 * - `native-date-input`: an `<input type="date">` and its kin (issue 47 replaces them);
 * - `text-cut`: the header's greeting shown in part.
 */
export type LayoutFindingKind = 'cell-overflow' | 'cell-wrap' | 'overlap' | 'tall-row' | 'button-clipped' | 'pager-hidden' | 'native-date-input' | 'text-cut';

export interface LayoutFinding {
  kind: LayoutFindingKind;
  /** Where: the table's name, the row and column, or the button's text. */
  where: string;
  detail: string;
}

/** A row may be this many times the median row of its table. */
export const TALL_ROW_FACTOR = 3;
/** A cell's text may run over this many lines. */
export const MOST_LINES = 2;

/** The findings within the element `scopeSelector` names (a tab's pane); none when it is not in the page. */
export async function checkLayout(page: Page, scopeSelector: string): Promise<LayoutFinding[]> {
  return page.evaluate(
    ({ scopeSelector, tallRowFactor, mostLines }) => {
      const findings: { kind: LayoutFindingKind; where: string; detail: string }[] = [];
      const scope = document.querySelector(scopeSelector);
      if (!scope) return findings;
      // Sub-pixel widths round differently in scrollWidth and clientWidth.
      const slack = 1;
      const short = (text: string | null | undefined) => {
        const flat = (text ?? '').replace(/\s+/g, ' ').trim();
        return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat;
      };
      const visible = (element: Element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      };
      const tableName = (table: Element) => table.getAttribute('aria-label') ?? table.closest('[data-testid]')?.getAttribute('data-testid') ?? 'table';
      const columnName = (table: Element, cell: HTMLTableCellElement) => {
        const header = table.querySelector('thead tr')?.children[cell.cellIndex];
        return short(header?.textContent) || `column ${cell.cellIndex + 1}`;
      };
      /** How many lines the text of `element` takes: distinct line boxes of its text nodes. */
      const linesOf = (element: Element) => {
        const tops: number[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) {
            if (rect.width === 0 || rect.height === 0) continue;
            // Two text nodes side by side on one line share a line box whatever their font sizes.
            if (!tops.some((top) => Math.abs(top - rect.top) < rect.height / 2)) tops.push(rect.top);
          }
        }
        return tops.length;
      };
      const ellipsis = (element: Element) => {
        const style = getComputedStyle(element);
        return style.textOverflow === 'ellipsis' && style.overflowX !== 'visible';
      };
      /** A cut inside the cell: a box that clips its text with no ellipsis to say so. */
      const silentCut = (cell: Element) => {
        for (const inner of cell.querySelectorAll('*')) {
          if (!(inner instanceof HTMLElement) || !visible(inner)) continue;
          // Text for screen readers only sits in a box of one pixel: no one sees it cut.
          const box = inner.getBoundingClientRect();
          if (box.width <= 1 && box.height <= 1) continue;
          const style = getComputedStyle(inner);
          if (style.overflowX === 'visible' || inner.scrollWidth <= inner.clientWidth + slack) continue;
          if (!inner.textContent?.trim() || ellipsis(inner)) continue;
          // A box that scrolls (a text field) is no cut: its user scrolls it.
          if (style.overflowX === 'auto' || style.overflowX === 'scroll' || inner.matches('input, textarea, select')) continue;
          return inner;
        }
        return null;
      };

      for (const table of scope.querySelectorAll('table')) {
        if (!visible(table)) continue;
        const name = tableName(table);
        const rows = [...table.querySelectorAll('tr')].filter((row) => visible(row) && row.getAttribute('aria-hidden') !== 'true');
        const bodyRows = rows.filter((row) => row.closest('tbody') && row.querySelectorAll('td').length > 1);
        rows.forEach((row) => {
          const rowName = row.closest('thead') ? 'header' : `row ${bodyRows.indexOf(row) + 1}`;
          const cells = [...row.children].filter((cell): cell is HTMLTableCellElement => cell instanceof HTMLTableCellElement && visible(cell));
          for (const cell of cells) {
            const where = `${name} ${rowName} ${columnName(table, cell)}`;
            if (cell.scrollWidth > cell.clientWidth + slack && !ellipsis(cell))
              findings.push({ kind: 'cell-overflow', where, detail: `text ${cell.scrollWidth}px in a cell of ${cell.clientWidth}px: "${short(cell.textContent)}"` });
            const cut = silentCut(cell);
            if (cut) findings.push({ kind: 'cell-overflow', where, detail: `cut without ellipsis (${cut.scrollWidth}px in ${cut.clientWidth}px): "${short(cut.textContent)}"` });
            const lines = linesOf(cell);
            if (lines > mostLines) findings.push({ kind: 'cell-wrap', where, detail: `${lines} lines: "${short(cell.textContent)}"` });
          }
          // A sticky cell lies over the cells scrolled beneath it by design, with its own background.
          const laid = cells.filter((cell) => getComputedStyle(cell).position !== 'sticky');
          for (let i = 1; i < laid.length; i++) {
            const left = laid[i - 1]!.getBoundingClientRect();
            const right = laid[i]!.getBoundingClientRect();
            if (left.right > right.left + slack)
              findings.push({
                kind: 'overlap',
                where: `${name} ${rowName}`,
                detail: `"${short(laid[i - 1]!.textContent)}" and "${short(laid[i]!.textContent)}" overlap by ${Math.round(left.right - right.left)}px`,
              });
          }
        });
        const heights = bodyRows.map((row) => row.getBoundingClientRect().height).sort((a, b) => a - b);
        if (heights.length > 0) {
          const median = heights[Math.floor(heights.length / 2)]!;
          bodyRows.forEach((row, index) => {
            const height = row.getBoundingClientRect().height;
            if (height > tallRowFactor * median)
              findings.push({ kind: 'tall-row', where: `${name} row ${index + 1}`, detail: `${Math.round(height)}px against a median of ${Math.round(median)}px: "${short(row.textContent)}"` });
          });
        }
      }

      for (const button of scope.querySelectorAll('button, [role="button"], a[href]')) {
        if (!visible(button)) continue;
        const box = button.getBoundingClientRect();
        let edge = window.innerWidth;
        let edgeName = 'the window';
        for (let parent = button.parentElement; parent; parent = parent.parentElement) {
          // A box that scrolls sideways shows the rest of the button by a scroll: only a box that hides its overflow cuts it.
          const overflow = getComputedStyle(parent).overflowX;
          if (overflow === 'auto' || overflow === 'scroll') {
            edge = Number.POSITIVE_INFINITY;
            break;
          }
          if (overflow !== 'hidden' && overflow !== 'clip') continue;
          const parentRight = parent.getBoundingClientRect().right - (parent.offsetWidth - parent.clientWidth - parent.clientLeft);
          if (parentRight < edge) {
            edge = parentRight;
            edgeName = short(parent.getAttribute('data-testid') ?? parent.getAttribute('aria-label') ?? parent.tagName.toLowerCase());
          }
        }
        // Wholly beyond the edge is out of view, not clipped; a button cut in two is.
        if (box.right > edge + slack && box.left < edge)
          findings.push({
            kind: 'button-clipped',
            where: `button "${short(button.textContent) || button.getAttribute('aria-label') || ''}"`,
            detail: `right edge ${Math.round(box.right)}px beyond ${edgeName} at ${Math.round(edge)}px`,
          });
      }

      for (const pager of scope.querySelectorAll('[data-testid="pager"]')) {
        if (!visible(pager)) continue;
        const box = pager.getBoundingClientRect();
        if (box.bottom > window.innerHeight + slack)
          findings.push({ kind: 'pager-hidden', where: 'pager', detail: `bottom at ${Math.round(box.bottom)}px below the window's ${window.innerHeight}px` });
      }

      for (const input of scope.querySelectorAll('input[type="date"], input[type="datetime-local"], input[type="time"], input[type="month"], input[type="week"]')) {
        if (!visible(input)) continue;
        const label = input.closest('.fui-Field')?.querySelector('label')?.textContent ?? input.getAttribute('aria-label') ?? input.getAttribute('data-testid') ?? '';
        findings.push({ kind: 'native-date-input', where: `input "${short(label)}"`, detail: `native <input type="${input.getAttribute('type')}">` });
      }
      return findings;
    },
    { scopeSelector, tallRowFactor: TALL_ROW_FACTOR, mostLines: MOST_LINES },
  );
}

/**
 * The shell's header: its title, menu entries, notice ticker and buttons are laid side by side and none may lie over
 * another (a crowded German header once drew the ticker over the last menu entry). Each shown control and text is
 * compared with every other that is not inside it; what a box hides by its overflow is taken as cut off, not as lying over.
 */
export async function checkHeader(page: Page, headerSelector: string): Promise<LayoutFinding[]> {
  return page.evaluate((headerSelector) => {
    const header = document.querySelector(headerSelector);
    if (!header) return [];
    const short = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
    /** The part of `element`'s box that is on view: cut by each ancestor up to the header that hides its overflow. */
    const shownBox = (element: Element) => {
      const box = element.getBoundingClientRect();
      let [left, right, top, bottom] = [box.left, box.right, box.top, box.bottom];
      for (let up = element.parentElement; up && up !== header.parentElement; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const clip = up.getBoundingClientRect();
        [left, right, top, bottom] = [Math.max(left, clip.left), Math.min(right, clip.right), Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
      }
      return { left, right, top, bottom };
    };
    const parts = [...header.querySelectorAll('h1, button, [data-testid="greeting"]')].filter((element) => {
      const box = shownBox(element);
      return box.right - box.left > 1 && box.bottom - box.top > 1 && getComputedStyle(element).visibility !== 'hidden';
    });
    const findings: { kind: LayoutFindingKind; where: string; detail: string }[] = [];
    // The greeting is read whole or not at all: a part of it ("Good …") tells nothing.
    const greeting = header.querySelector('[data-testid="greeting"]');
    if (greeting) {
      const [full, shown] = [greeting.getBoundingClientRect(), shownBox(greeting)];
      const inPart = shown.right - shown.left > 1 && shown.bottom - shown.top > 1 && (shown.right - shown.left < full.width - 1 || greeting.scrollWidth > greeting.clientWidth + 1);
      if (inPart) findings.push({ kind: 'text-cut', where: 'header', detail: `the greeting shown in part: "${short(greeting.textContent)}"` });
    }
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        const [a, b] = [parts[i]!, parts[j]!];
        if (a.contains(b) || b.contains(a)) continue;
        const [boxA, boxB] = [shownBox(a), shownBox(b)];
        const across = Math.min(boxA.right, boxB.right) - Math.max(boxA.left, boxB.left);
        const down = Math.min(boxA.bottom, boxB.bottom) - Math.max(boxA.top, boxB.top);
        if (across > 1 && down > 1) findings.push({ kind: 'overlap', where: 'header', detail: `"${short(a.textContent)}" and "${short(b.textContent)}" overlap by ${Math.round(across)}px` });
      }
    }
    return findings;
  }, headerSelector);
}

/** Findings as lines of a report: `<screen>: <kind> at <where>: <detail>`. */
export function formatFindings(screen: string, findings: readonly LayoutFinding[]): string[] {
  return findings.map((finding) => `${screen}: ${finding.kind} at ${finding.where}: ${finding.detail}`);
}
