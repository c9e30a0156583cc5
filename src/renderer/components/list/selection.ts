/** Row selection of a list (checkboxes) and the selection rules list actions check (spec 000 §5). */

export type RowId = string | number;
export type SelectionMode = 'multiple' | 'single';

export function toggleRow(selected: ReadonlySet<RowId>, id: RowId, mode: SelectionMode): Set<RowId> {
  if (selected.has(id)) {
    const next = new Set(selected);
    next.delete(id);
    return next;
  }
  return mode === 'single' ? new Set([id]) : new Set(selected).add(id);
}

export type HeaderCheck = boolean | 'mixed';

/** The header checkbox: checked when every row of the page is selected, mixed when some are. */
export function headerCheckState(selected: ReadonlySet<RowId>, pageIds: readonly RowId[]): HeaderCheck {
  const count = pageIds.filter((id) => selected.has(id)).length;
  if (count === 0) return false;
  return count === pageIds.length ? true : 'mixed';
}

/** The header checkbox toggles the page: all selected becomes none, anything else becomes all. */
export function toggleAllOnPage(selected: ReadonlySet<RowId>, pageIds: readonly RowId[]): Set<RowId> {
  const next = new Set(selected);
  if (headerCheckState(selected, pageIds) === true) for (const id of pageIds) next.delete(id);
  else for (const id of pageIds) next.add(id);
  return next;
}

export type SelectionRequirement = 'exactlyOne' | 'atLeastOne';

/**
 * Whether a selection allows an action, as the i18n key of the message to show when it does not: edit
 * needs exactly one row ('select one row' / 'select only one'), delete at least one.
 */
export function selectionProblem(count: number, requirement: SelectionRequirement): 'message.selectOneRow' | 'message.selectOnlyOne' | 'message.selectAtLeastOne' | null {
  if (requirement === 'exactlyOne') {
    if (count === 0) return 'message.selectOneRow';
    return count > 1 ? 'message.selectOnlyOne' : null;
  }
  return count === 0 ? 'message.selectAtLeastOne' : null;
}
