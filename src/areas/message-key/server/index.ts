import type { AreaHandlers } from '../../../server/handler';
import { addKey, deleteKeys, keyInfo, listKeys, updateKey } from './keys';
import { openSmsSend, openSmsStatus } from './open';
import { addSystem, deleteSystems, listSystems, systemInfo, systemOptions, updateSystem } from './systems';

export const messageKeyHandlers: AreaHandlers<'messageKey'> = {
  systemList: (input, ctx) => listSystems(ctx, input),
  systemInfo: (input, ctx) => systemInfo(ctx, input.id),
  async systemAdd(input, ctx) {
    return { id: (await addSystem(ctx, input)).id };
  },
  async systemUpdate(input, ctx) {
    const updated = await updateSystem(ctx, input);
    return { id: updated.id, version: updated.version };
  },
  async systemDelete(input, ctx) {
    return deleteSystems(ctx, input.ids);
  },
  systemOptions: (_input, ctx) => systemOptions(ctx),
  keyList: (input, ctx) => listKeys(ctx, input),
  keyInfo: (input, ctx) => keyInfo(ctx, input.id),
  async keyAdd(input, ctx) {
    return { id: (await addKey(ctx, input)).id };
  },
  async keyUpdate(input, ctx) {
    const updated = await updateKey(ctx, input);
    return { id: updated.id, version: updated.version };
  },
  async keyDelete(input, ctx) {
    return deleteKeys(ctx, input.ids);
  },
};

/** The open messaging endpoints: a channel adds its handlers here with its endpoints. */
export const openMessageHandlers: AreaHandlers<'openMessage'> = {
  smsSend: (input, ctx) => openSmsSend(ctx, input),
  smsStatus: (input, ctx) => openSmsStatus(ctx, input),
};
