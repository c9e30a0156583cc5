import type { AreaHandlers } from '../../../server/handler';
import {
  activateTemplate,
  addSignature,
  addTemplate,
  deleteSignatures,
  deleteTemplates,
  listSignatures,
  listTemplates,
  sendOptions,
  signatureInfo,
  templateInfo,
  updateSignature,
  updateTemplate,
} from './catalogue';
import { listBatches, listRecords, sendSms } from './send';

export const smsHandlers: AreaHandlers<'sms'> = {
  templateList: (input, ctx) => listTemplates(ctx, input),
  templateInfo: (input, ctx) => templateInfo(ctx, input.id),
  async templateAdd(input, ctx) {
    return { id: (await addTemplate(ctx, input)).id };
  },
  async templateUpdate(input, ctx) {
    const updated = await updateTemplate(ctx, input);
    return { id: updated.id, version: updated.version };
  },
  async templateActivate(input, ctx) {
    const updated = await activateTemplate(ctx, input.id, input.version);
    return { id: updated.id, version: updated.version };
  },
  async templateDelete(input, ctx) {
    return deleteTemplates(ctx, input.ids);
  },
  signatureList: (input, ctx) => listSignatures(ctx, input),
  signatureInfo: (input, ctx) => signatureInfo(ctx, input.id),
  async signatureAdd(input, ctx) {
    return { id: (await addSignature(ctx, input)).id };
  },
  async signatureUpdate(input, ctx) {
    const updated = await updateSignature(ctx, input);
    return { id: updated.id, version: updated.version };
  },
  async signatureDelete(input, ctx) {
    return deleteSignatures(ctx, input.ids);
  },
  sendOptions: (_input, ctx) => sendOptions(ctx),
  send: (input, ctx) => sendSms(ctx, input),
  batchList: (input, ctx) => listBatches(ctx, input),
  recordList: (input, ctx) => listRecords(ctx, input),
};

/** For the other areas' servers. */
export { queueSms, smsRecipients } from './send';
