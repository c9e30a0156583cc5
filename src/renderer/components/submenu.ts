import type { MenuOpenChangeData, MenuOpenEvent } from '@fluentui/react-components';

/**
 * The open-change handler of a submenu (a menu whose trigger is an item of another menu). Fluent opens a submenu
 * while the pointer rests on its item and toggles it on a click of that item, so a click after a short rest closed
 * what had just opened, and the user saw no languages; here a click on the item opens the submenu and never closes
 * it (leaving it, Esc, the left arrow and a choice still do).
 */
export function submenuOpenChange(setOpen: (open: boolean) => void): (event: MenuOpenEvent, data: MenuOpenChangeData) => void {
  return (_event, data) => {
    if (data.type === 'menuTriggerClick' && !data.open) return;
    setOpen(data.open);
  };
}
