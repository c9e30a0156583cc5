import type { AreaHandlers } from '../index';
import { restoreDelete } from '../../undo';

export const undoHandlers: AreaHandlers<'undo'> = {
  async restore(input, ctx) {
    return restoreDelete(ctx, input.undoKey);
  },
};
