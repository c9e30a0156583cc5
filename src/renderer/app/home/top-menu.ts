import { TOP_MENU_BREAKPOINTS } from '../../../shared/constants';

/** How many first-level menus fit the top bar at a window width (spec 000 §9): 6, 7, 9, 12 or 14. */
export function topMenuButtonCount(windowWidth: number): number {
  const step = TOP_MENU_BREAKPOINTS.find((breakpoint) => windowWidth <= breakpoint.maxWidth);
  return (step ?? TOP_MENU_BREAKPOINTS[TOP_MENU_BREAKPOINTS.length - 1]!).buttons;
}

/** The buttons shown in the bar and the rest, which go under 'more'. */
export function splitTopMenu<T>(items: readonly T[], windowWidth: number): { shown: T[]; more: T[] } {
  const count = topMenuButtonCount(windowWidth);
  return { shown: items.slice(0, count), more: items.slice(count) };
}
