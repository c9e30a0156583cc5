import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resourceMenusToSend } from './resource-model';
import { allMenuIds, heldTrees } from '../../../renderer/testing/menu-trees';

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** The server's rule (resources.ts planOf): the menus the caller sees are replaced by those sent, the others stay. */
function savedAfter(before: ReadonlySet<number>, visible: readonly number[], sent: readonly number[]): Set<number> {
  const after = new Set(before);
  for (const id of visible) after.delete(id);
  for (const id of sent) after.add(id);
  return after;
}

describe('resource screen round trip over generated menu trees', () => {
  it('load → save unchanged sends what the tree shows of the saved menus, and the organisation keeps exactly what it had', () => {
    fc.assert(
      fc.property(heldTrees, ({ tree, held, hidden }) => {
        const sent = resourceMenusToSend(tree, held);
        expect(sorted(sent)).toEqual(sorted([...held].filter((id) => !hidden.includes(id))));
        expect(sorted(savedAfter(held, allMenuIds(tree), sent))).toEqual(sorted(held));
      }),
      { numRuns: 300 },
    );
  });
});
