import type { AreaHandlers } from '../../../server/registry';
import { inbox, openNotice } from './inbox';
import { listNotices, noticeInfo, sendNotice, withdrawNotice } from './notices';

export { dynamicMessagesOf } from './inbox';

export const noticeHandlers: AreaHandlers<'notice'> = {
  async list(input, ctx) {
    return listNotices(ctx, input);
  },

  async info(input, ctx) {
    return noticeInfo(ctx, input.id);
  },

  async send(input, ctx) {
    const created = await sendNotice(ctx, input);
    return { id: created.id };
  },

  async withdraw(input, ctx) {
    const updated = await withdrawNotice(ctx, input);
    return { id: updated.id, version: updated.version };
  },

  async inbox(_input, ctx) {
    return inbox(ctx);
  },

  async open(input, ctx) {
    return openNotice(ctx, input.id);
  },
};
