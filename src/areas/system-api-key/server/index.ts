import { withField, withInput, withoutInput, type AreaHandlers } from '../../../server/handler';
import { addKey, keyApps, keyInfo, listKeys, updateKey } from './keys';

/** For the other areas' servers. */
export { systemKeysBySystem, usableSystemKey } from './usable-key';

export const systemApiKeyHandlers: AreaHandlers<'systemApiKey'> = {
  list: withInput(listKeys),
  apps: withoutInput(keyApps),
  info: withField('id', keyInfo),
  add: withInput(addKey),
  update: withInput(updateKey),
};
