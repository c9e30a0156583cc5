import { useCallback } from 'react';
import type { DictionaryItem } from '../contract';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';

/** Dictionaries change seldom: a screen reuses what it read for a few minutes (a language change reloads every query). */
const ITEMS_STALE_MS = 5 * 60_000;

/** The name of a stored code among a dictionary's items; the code itself when no item has it (a removed item). */
export function itemLabel(items: readonly DictionaryItem[] | undefined, code: string): string {
  return items?.find((item) => item.dictNo === code)?.label ?? code;
}

/**
 * For screens that show or offer dictionary values (a waybill status, a vehicle type): the usable items of
 * the dictionary `dictNo`, named in the interface language (then Chinese), and `labelOf` for a stored code.
 */
export function useDictionaryItems(dictNo: string) {
  const query = useBridgeQuery('dictionary.items', { dictNo }, { staleTime: ITEMS_STALE_MS, meta: { silent: true } });
  const items = query.data;
  const labelOf = useCallback((code: string) => itemLabel(items, code), [items]);
  return { items, labelOf, query };
}
