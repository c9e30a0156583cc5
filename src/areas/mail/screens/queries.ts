import type { QueryClient } from '@tanstack/react-query';
import { invalidateBridgeQueries } from '../../../renderer/hooks/bridge-query';

/** After accounts changed: their list and forms. */
export async function invalidateAccountQueries(client: QueryClient): Promise<void> {
  await Promise.all([invalidateBridgeQueries(client, 'mail.accountList'), invalidateBridgeQueries(client, 'mail.accountInfo')]);
}

/** After a send: the sent list. */
export async function invalidateMailQueries(client: QueryClient): Promise<void> {
  await invalidateBridgeQueries(client, 'mail.list');
}
