import type { AreaHandlers } from '../../../server/handler';
import { exportOperationLog, listOperationLog, operationLogExportProgress, verifyOperationLog } from './operation-log';

export const operationLogHandlers: AreaHandlers<'operationLog'> = {
  async list(input, ctx) {
    return listOperationLog(ctx, input);
  },

  async verify(_input, ctx) {
    return verifyOperationLog(ctx);
  },

  async export(input, ctx) {
    return exportOperationLog(ctx, input);
  },
  async exportProgress(input, ctx) {
    return operationLogExportProgress(ctx, input.progressKey);
  },
};
