import type { QueryClient } from '@tanstack/react-query';
import { invalidateBridgeQueries } from '../../../renderer/hooks/bridge-query';

/**
 * After a text was saved, deleted or imported: the list, and the shell's systems and navigation, whose
 * names are translated through the texts (the current user sees the change at once; other users at their
 * next navigation read, through the grant stamp that includes the texts).
 */
export async function invalidateI18nQueries(client: QueryClient): Promise<void> {
  await Promise.all([
    invalidateBridgeQueries(client, 'i18nText.list'),
    invalidateBridgeQueries(client, 'session.roleSystems'),
    invalidateBridgeQueries(client, 'session.nav'),
    invalidateBridgeQueries(client, 'session.grantStamp'),
  ]);
}
