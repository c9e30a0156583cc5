import { answerKey, answerVersion, withField, withInput, type AreaHandlers } from '../../../server/handler';
import { accountInfo, activateAccount, addAccount, deleteAccounts, listAccounts, testAccount, updateAccount } from './accounts';
import { listMails, mailBody, sendMail } from './send';

export const mailHandlers: AreaHandlers<'mail'> = {
  accountList: withInput(listAccounts),
  accountInfo: withField('id', accountInfo),
  accountAdd: answerKey('id', addAccount),
  accountUpdate: answerVersion('id', updateAccount),
  accountActivate: answerVersion('id', activateAccount),
  accountDelete: withField('ids', deleteAccounts),
  accountTest: withInput(testAccount),
  list: withInput(listMails),
  body: withField('id', mailBody),
  send: withInput(sendMail),
};
