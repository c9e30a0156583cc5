import type { QueryClient } from '@tanstack/react-query';
import { invalidateBridgeQueries } from '../../../renderer/hooks/bridge-query';

/**
 * Every list a data group save or delete makes out of date: the three screens' lists, the organ screen's
 * group choices, and the classifications the user form's data authority offers.
 */
const AFFECTED = ['dataGroup.groupList', 'dataGroup.groupOptions', 'dataGroup.organList', 'dataGroup.classificationList', 'user.classificationsByDept'] as const;

export async function invalidateDataGroupQueries(client: QueryClient): Promise<void> {
  await Promise.all(AFFECTED.map((id) => invalidateBridgeQueries(client, id)));
}
