import type { AreaHandlers } from '../../../server/handler';
import { addProvider, deleteProviders, listProviders, providerInfo, providerOptions, updateProvider } from './providers';
import { listRecords, sendPush } from './send';

export const pushHandlers: AreaHandlers<'push'> = {
  providerList: (input, ctx) => listProviders(ctx, input),
  providerOptions: (_input, ctx) => providerOptions(ctx),
  providerInfo: (input, ctx) => providerInfo(ctx, input.id),
  async providerAdd(input, ctx) {
    return { id: (await addProvider(ctx, input)).id };
  },
  async providerUpdate(input, ctx) {
    const updated = await updateProvider(ctx, input);
    return { id: updated.id, version: updated.version };
  },
  async providerDelete(input, ctx) {
    return deleteProviders(ctx, input.ids);
  },
  send: (input, ctx) => sendPush(ctx, input),
  recordList: (input, ctx) => listRecords(ctx, input),
};
