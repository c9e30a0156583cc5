import type { AreaHandlers } from '../../registry';
import { restoreDelete } from '../../undo';

export const undoHandlers: AreaHandlers<'undo'> = {
  async restore(input, ctx) {
    return restoreDelete(ctx, input.undoKey);
  },
};
