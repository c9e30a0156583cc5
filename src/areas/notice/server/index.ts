import type { AreaHandlers } from '../../../server/handler';
import { dynamicMessagesOf, inbox, openNotice } from './inbox';
import { listNotices, noticeInfo, sendNotice, withdrawNotice } from './notices';

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

/** The shell's dynamic messages (spec 000 §3): the titles of the notices in force for the caller. */
export const sessionDynamicMessages: AreaHandlers<'session'>['dynamicMessages'] = (_input, ctx) => dynamicMessagesOf(ctx);
