import { vi } from 'vitest';
import { TABLE_MAX_HEIGHT } from '../../../shared/constants';

/** The height every table row, table header and tree item gets in `fixTableLayout()`. */
export const TEST_ROW_HEIGHT = 35;

/**
 * jsdom lays nothing out: the scroller of a table or tree gets the spec's table height and every row `TEST_ROW_HEIGHT`, as
 * in a browser, so the virtualizer has a view to fill. The sizes are undone by `vi.restoreAllMocks()`.
 */
export function fixTableLayout(): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.firstElementChild?.matches('table, [role="tree"]') ? TABLE_MAX_HEIGHT : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.matches('tr, thead, [role="treeitem"]') ? TEST_ROW_HEIGHT : 0;
  });
  // jsdom has no element scrolling: a scroll goes to the asked offset and tells its listeners, as a browser's does.
  if (!('scrollTo' in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
      configurable: true,
      value(this: HTMLElement, options?: ScrollToOptions) {
        if (options?.top !== undefined) scrollElementTo(this, options.top);
      },
    });
  }
}

/** Scrolls `element` to `top` as a user would: its offset, then a scroll event. */
export function scrollElementTo(element: HTMLElement, top: number): void {
  Object.defineProperty(element, 'scrollTop', { value: top, configurable: true, writable: true });
  element.dispatchEvent(new Event('scroll'));
}
