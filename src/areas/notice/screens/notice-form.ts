import dayjs from 'dayjs';
import { NoticeFormat, noticeForm, type NoticeAudienceType, type NoticeForm, type NoticeFormatType } from '../contract';
import { issuesByField } from '../../../renderer/components/form/record-form';
import type { RuleMessageKey } from '../../../renderer/i18n/message-key';

/** The publish dialog's values and rules: the contract's `noticeForm` decides, the dialog only shapes the values. */

export type NoticeFormValues = {
  title: string;
  contentFormat: NoticeFormatType;
  /** Plain text, or the rich-text editor's HTML ('' when empty). */
  content: string;
  audienceType: NoticeAudienceType | null;
  audienceDeptId: number | null;
  /** The organisation whose roles the role picker lists (not sent). */
  roleDeptId: number | null;
  audienceRoleId: number | null;
  /** `datetime-local` values in the workstation's time; an empty start means now. */
  startTime: string;
  endTime: string;
};

export type NoticeField = Exclude<keyof NoticeFormValues, 'roleDeptId'>;
const NOTICE_FIELDS: readonly NoticeField[] = ['title', 'contentFormat', 'content', 'audienceType', 'audienceDeptId', 'audienceRoleId', 'startTime', 'endTime'];

export const LOCAL_TIME_FORMAT = 'YYYY-MM-DDTHH:mm';

/** A new notice: plain text, nobody chosen yet, from now until a week after the next full hour. */
export function newNoticeValues(now: Date): NoticeFormValues {
  const end = dayjs(now).add(1, 'hour').startOf('hour').add(7, 'day');
  return {
    title: '',
    contentFormat: NoticeFormat.Text,
    content: '',
    audienceType: null,
    audienceDeptId: null,
    roleDeptId: null,
    audienceRoleId: null,
    startTime: '',
    endTime: end.format(LOCAL_TIME_FORMAT),
  };
}

/** A `datetime-local` value as an instant with the workstation's offset; a value that is no time goes as typed, for the contract to name. */
function instantOf(local: string): string | undefined {
  if (local.trim() === '') return undefined;
  const time = dayjs(local);
  return time.isValid() ? time.toISOString() : local;
}

function draftOf(values: NoticeFormValues): Record<NoticeField, unknown> {
  return {
    title: values.title,
    contentFormat: values.contentFormat,
    content: values.content,
    audienceType: values.audienceType ?? undefined,
    audienceDeptId: values.audienceType === 'org' ? values.audienceDeptId : null,
    audienceRoleId: values.audienceType === 'role' ? values.audienceRoleId : null,
    startTime: instantOf(values.startTime),
    endTime: instantOf(values.endTime),
  };
}

/** The contract's verdict: the rule key of each field's first issue. */
export function noticeIssues(values: NoticeFormValues): Partial<Record<NoticeField, RuleMessageKey>> {
  return issuesByField(noticeForm, draftOf(values), NOTICE_FIELDS);
}

/** What the dialog sends, once `noticeIssues` found nothing. */
export function noticePayload(values: NoticeFormValues): NoticeForm {
  return noticeForm.parse(draftOf(values));
}
