import type { AreaHandlers } from '../../../server/handler';
import { addKey, keyApps, keyInfo, listKeys, updateKey } from './keys';

/** For the other areas' servers. */
export { systemKeysBySystem, usableSystemKey } from './usable-key';

export const systemApiKeyHandlers: AreaHandlers<'systemApiKey'> = {
  async list(input, ctx) {
    return listKeys(ctx, input);
  },

  async apps(_input, ctx) {
    return keyApps(ctx);
  },

  async info(input, ctx) {
    return keyInfo(ctx, input.id);
  },

  async add(input, ctx) {
    return addKey(ctx, input);
  },

  async update(input, ctx) {
    return updateKey(ctx, input);
  },
};
