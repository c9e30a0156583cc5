import type { QueryClient } from '@tanstack/react-query';
import { invalidateBridgeQueries } from '../../../renderer/hooks/bridge-query';

/**
 * After a menu was added, changed or deleted: the menu list and any menu read for a form, and the shell's
 * navigation and button permissions, which are built from the same menus.
 */
export async function invalidateMenuQueries(client: QueryClient): Promise<void> {
  await Promise.all([
    invalidateBridgeQueries(client, 'menu.list'),
    invalidateBridgeQueries(client, 'menu.info'),
    invalidateBridgeQueries(client, 'session.nav'),
    invalidateBridgeQueries(client, 'session.buttons'),
  ]);
}
