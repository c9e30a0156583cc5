import { withField, withInput, withoutInput, type AreaHandlers } from '../../../server/handler';
import { exportOperationLog, listOperationLog, operationLogExportProgress, verifyOperationLog } from './operation-log';

export const operationLogHandlers: AreaHandlers<'operationLog'> = {
  list: withInput(listOperationLog),
  verify: withoutInput(verifyOperationLog),
  export: withInput(exportOperationLog),
  exportProgress: withField('progressKey', operationLogExportProgress),
};
