import type { QueryClient } from '@tanstack/react-query';
import { invalidateBridgeQueries } from '../../../renderer/hooks/bridge-query';

/** After a binding changed: the list, the unbound users and the stored bindings are out of date. */
export async function invalidateBindingQueries(client: QueryClient): Promise<void> {
  await Promise.all([invalidateBridgeQueries(client, 'serviceCenter.list'), invalidateBridgeQueries(client, 'serviceCenter.unboundUsers'), invalidateBridgeQueries(client, 'serviceCenter.binding')]);
}
