import type { QueryClient } from '@tanstack/react-query';
import { invalidateBridgeQueries, useBridgeQuery } from '../../../renderer/hooks/bridge-query';

/** The systems of the current role with their usable API keys: the selects of both information forms. */
export function useInfoSystems() {
  return useBridgeQuery('infoCategory.systems', {}, { meta: { silent: true } });
}

/** After categories were added, changed or deleted: the list, the forms' category choices and the articles that name them. */
export async function invalidateCategoryQueries(client: QueryClient): Promise<void> {
  await Promise.all([
    invalidateBridgeQueries(client, 'infoCategory.list'),
    invalidateBridgeQueries(client, 'infoCategory.info'),
    invalidateBridgeQueries(client, 'information.categories'),
    invalidateBridgeQueries(client, 'information.list'),
  ]);
}
