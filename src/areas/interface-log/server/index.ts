import { withField, withInput, withoutInput, type AreaHandlers } from '../../../server/handler';
import { exportInterfaceLogs, exportProgress } from './export';
import { interfaceLogApps, interfaceLogFigures, interfaceLogInfo, listInterfaceLogs } from './logs';

export const interfaceLogHandlers: AreaHandlers<'interfaceLog'> = {
  apps: (_input, ctx) => interfaceLogApps(ctx.services.db),
  list: withInput(listInterfaceLogs),
  figures: withoutInput(interfaceLogFigures),
  info: withField('id', interfaceLogInfo),
  export: withInput(exportInterfaceLogs),
  exportProgress: withField('progressKey', exportProgress),
};
