import type { QueryClient } from '@tanstack/react-query';
import { invalidateBridgeQueries } from '../../../renderer/hooks/bridge-query';

/** After providers changed: their list, forms and the choices of the push dialog and the records' filter. */
export async function invalidateProviderQueries(client: QueryClient): Promise<void> {
  await Promise.all([invalidateBridgeQueries(client, 'push.providerList'), invalidateBridgeQueries(client, 'push.providerInfo'), invalidateBridgeQueries(client, 'push.providerOptions')]);
}

/** After a push: the records. */
export async function invalidateRecordQueries(client: QueryClient): Promise<void> {
  await invalidateBridgeQueries(client, 'push.recordList');
}
