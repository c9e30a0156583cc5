import type { AreaHandlers } from '../../handler';
import { restoreDelete } from '../../undo';

export const undoHandlers: AreaHandlers<'undo'> = {
  async restore(input, ctx) {
    return restoreDelete(ctx, input.undoKey);
  },
};
