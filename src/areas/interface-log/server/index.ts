import type { AreaHandlers } from '../../../server/handler';
import { exportInterfaceLogs, exportProgress } from './export';
import { interfaceLogApps, interfaceLogFigures, interfaceLogInfo, listInterfaceLogs } from './logs';

export const interfaceLogHandlers: AreaHandlers<'interfaceLog'> = {
  async apps(_input, ctx) {
    return interfaceLogApps(ctx.services.db);
  },

  async list(input, ctx) {
    return listInterfaceLogs(ctx, input);
  },

  async figures(_input, ctx) {
    return interfaceLogFigures(ctx);
  },

  async info(input, ctx) {
    return interfaceLogInfo(ctx, input.id);
  },

  async export(input, ctx) {
    return exportInterfaceLogs(ctx, input);
  },

  async exportProgress(input, ctx) {
    return exportProgress(ctx, input.progressKey);
  },
};
