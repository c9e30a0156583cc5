import { answerKey, answerVersion, withField, withInput, withoutInput, type AreaHandlers } from '../../../server/handler';
import { addProvider, deleteProviders, listProviders, providerInfo, providerOptions, updateProvider } from './providers';
import { listRecords, sendPush } from './send';

export const pushHandlers: AreaHandlers<'push'> = {
  providerList: withInput(listProviders),
  providerOptions: withoutInput(providerOptions),
  providerInfo: withField('id', providerInfo),
  providerAdd: answerKey('id', addProvider),
  providerUpdate: answerVersion('id', updateProvider),
  providerDelete: withField('ids', deleteProviders),
  send: withInput(sendPush),
  recordList: withInput(listRecords),
};
