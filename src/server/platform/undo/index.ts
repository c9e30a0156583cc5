import { withField, type AreaHandlers } from '../../handler';
import { restoreDelete } from '../../undo';

export const undoHandlers: AreaHandlers<'undo'> = {
  restore: withField('undoKey', restoreDelete),
};
