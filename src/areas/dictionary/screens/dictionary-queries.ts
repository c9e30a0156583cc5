import type { QueryClient } from '@tanstack/react-query';
import { invalidateBridgeQueries } from '../../../renderer/hooks/bridge-query';

/** After dictionaries were added, changed, deleted or imported: the list, any node read for a form, and the items other screens show. */
export async function invalidateDictionaryQueries(client: QueryClient): Promise<void> {
  await Promise.all([invalidateBridgeQueries(client, 'dictionary.list'), invalidateBridgeQueries(client, 'dictionary.info'), invalidateBridgeQueries(client, 'dictionary.items')]);
}
