import { answerKey, answerVersion, withField, withInput, withoutInput, type AreaHandlers } from '../../../server/handler';
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
  templateList: withInput(listTemplates),
  templateInfo: withField('id', templateInfo),
  templateAdd: answerKey('id', addTemplate),
  templateUpdate: answerVersion('id', updateTemplate),
  templateActivate: answerVersion('id', activateTemplate),
  templateDelete: withField('ids', deleteTemplates),
  signatureList: withInput(listSignatures),
  signatureInfo: withField('id', signatureInfo),
  signatureAdd: answerKey('id', addSignature),
  signatureUpdate: answerVersion('id', updateSignature),
  signatureDelete: withField('ids', deleteSignatures),
  sendOptions: withoutInput(sendOptions),
  send: withInput(sendSms),
  batchList: withInput(listBatches),
  recordList: withInput(listRecords),
};

/** For the other areas' servers. */
export { queueSms, smsRecipients } from './send';
