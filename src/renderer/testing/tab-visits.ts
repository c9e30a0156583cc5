import { act } from '@testing-library/react';
import { createTabReturns, type TabReturns } from '../components/screen/shell-tab';

/**
 * A tab's coming and going as the shell does it: `setActive(true)` after `setActive(false)` is a return into view,
 * which the screen hears through `returns`; a tab already on view does not return.
 */
export function tabVisits(): { returns: TabReturns; setActive: (active: boolean) => void } {
  const returns = createTabReturns();
  let active = true;
  return {
    returns,
    setActive: (next) => {
      if (next && !active) act(() => returns.returned());
      active = next;
    },
  };
}
