import { withField, withInput, withoutInput, type AreaHandlers } from '../../../server/handler';
import { exportOperationLog, listOperationLog, operationLogExportProgress, operationLogReferences, verifyOperationLog } from './operation-log';

export const operationLogHandlers: AreaHandlers<'operationLog'> = {
  list: withInput(listOperationLog),
  verify: withoutInput(verifyOperationLog),
  export: withInput(exportOperationLog),
  references: withField('id', operationLogReferences),
  exportProgress: withField('progressKey', operationLogExportProgress),
};
