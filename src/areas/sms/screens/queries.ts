import type { QueryClient } from '@tanstack/react-query';
import { invalidateBridgeQueries } from '../../../renderer/hooks/bridge-query';

/** After templates changed: their list and forms, and the send screen's choices. */
export async function invalidateTemplateQueries(client: QueryClient): Promise<void> {
  await Promise.all([invalidateBridgeQueries(client, 'sms.templateList'), invalidateBridgeQueries(client, 'sms.templateInfo'), invalidateBridgeQueries(client, 'sms.sendOptions')]);
}

/** After signatures changed: their list and forms, and the send screen's choices. */
export async function invalidateSignatureQueries(client: QueryClient): Promise<void> {
  await Promise.all([invalidateBridgeQueries(client, 'sms.signatureList'), invalidateBridgeQueries(client, 'sms.signatureInfo'), invalidateBridgeQueries(client, 'sms.sendOptions')]);
}

/** After a send: the records and batches. */
export async function invalidateSendQueries(client: QueryClient): Promise<void> {
  await Promise.all([invalidateBridgeQueries(client, 'sms.recordList'), invalidateBridgeQueries(client, 'sms.batchList')]);
}
