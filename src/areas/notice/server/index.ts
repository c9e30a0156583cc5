import { answerKey, answerVersion, withField, withInput, withoutInput, type AreaHandlers } from '../../../server/handler';
import { dynamicMessagesOf, inbox, openNotice } from './inbox';
import { listNotices, noticeInfo, sendNotice, withdrawNotice } from './notices';

export const noticeHandlers: AreaHandlers<'notice'> = {
  list: withInput(listNotices),
  info: withField('id', noticeInfo),
  send: answerKey('id', sendNotice),
  withdraw: answerVersion('id', withdrawNotice),
  inbox: withoutInput(inbox),
  open: withField('id', openNotice),
};

/** The shell's dynamic messages (spec 000 §3): the titles of the notices in force for the caller. */
export const sessionDynamicMessages: AreaHandlers<'session'>['dynamicMessages'] = withoutInput(dynamicMessagesOf);
