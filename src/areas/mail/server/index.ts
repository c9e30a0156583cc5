import type { AreaHandlers } from '../../../server/handler';
import { accountInfo, activateAccount, addAccount, deleteAccounts, listAccounts, testAccount, updateAccount } from './accounts';
import { listMails, mailBody, sendMail } from './send';

export const mailHandlers: AreaHandlers<'mail'> = {
  accountList: (input, ctx) => listAccounts(ctx, input),
  accountInfo: (input, ctx) => accountInfo(ctx, input.id),
  async accountAdd(input, ctx) {
    return { id: (await addAccount(ctx, input)).id };
  },
  async accountUpdate(input, ctx) {
    const updated = await updateAccount(ctx, input);
    return { id: updated.id, version: updated.version };
  },
  async accountActivate(input, ctx) {
    const updated = await activateAccount(ctx, input.id, input.version);
    return { id: updated.id, version: updated.version };
  },
  async accountDelete(input, ctx) {
    return deleteAccounts(ctx, input.ids);
  },
  accountTest: (input, ctx) => testAccount(ctx, input),
  list: (input, ctx) => listMails(ctx, input),
  body: (input, ctx) => mailBody(ctx, input.id),
  send: (input, ctx) => sendMail(ctx, input),
};
