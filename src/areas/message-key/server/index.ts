import { answerKey, answerVersion, withField, withInput, withoutInput, type AreaHandlers } from '../../../server/handler';
import { addKey, deleteKeys, keyInfo, listKeys, regenerateKey, updateKey } from './keys';
import { openSmsSend, openSmsStatus } from './open';
import { addSystem, deleteSystems, listSystems, systemInfo, systemOptions, updateSystem } from './systems';

export const messageKeyHandlers: AreaHandlers<'messageKey'> = {
  systemList: withInput(listSystems),
  systemInfo: withField('id', systemInfo),
  systemAdd: answerKey('id', addSystem),
  systemUpdate: answerVersion('id', updateSystem),
  systemDelete: withField('ids', deleteSystems),
  systemOptions: withoutInput(systemOptions),
  keyList: withInput(listKeys),
  keyInfo: withField('id', keyInfo),
  keyAdd: withInput(addKey),
  keyUpdate: answerVersion('id', updateKey),
  keyRegenerate: withField('id', regenerateKey),
  keyDelete: withField('ids', deleteKeys),
};

/** The open messaging endpoints: a channel adds its handlers here with its endpoints. */
export const openMessageHandlers: AreaHandlers<'openMessage'> = {
  smsSend: withInput(openSmsSend),
  smsStatus: withInput(openSmsStatus),
};
