import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { NoticeAudience, NoticeFormat } from '../contract';
import { LOCAL_TIME_FORMAT, newNoticeValues, noticeIssues, noticePayload, type NoticeFormValues } from './notice-form';

const NOW = new Date('2026-11-23T09:30:00');

function filled(patch: Partial<NoticeFormValues> = {}): NoticeFormValues {
  return { ...newNoticeValues(NOW), title: 'Depot closed', content: 'Closed at noon.', audienceType: NoticeAudience.All, ...patch };
}

describe('notice form', () => {
  it('starts as plain text to nobody yet, ending a week after the next full hour', () => {
    const values = newNoticeValues(NOW);
    expect(values).toMatchObject({ contentFormat: NoticeFormat.Text, audienceType: null, startTime: '' });
    expect(values.endTime).toBe(dayjs('2026-11-30T10:00:00').format(LOCAL_TIME_FORMAT));
    expect(noticeIssues(values)).toMatchObject({ title: 'validation.titleRequired', content: 'validation.contentRequired', audienceType: 'validation.audienceRequired' });
  });

  it('asks for the organisation or the role its audience names, and only that one', () => {
    expect(noticeIssues(filled({ audienceType: NoticeAudience.Org }))).toEqual({ audienceDeptId: 'validation.audienceDeptRequired' });
    expect(noticeIssues(filled({ audienceType: NoticeAudience.Role, audienceDeptId: 4 }))).toEqual({ audienceRoleId: 'validation.audienceRoleRequired' });
    const payload = noticePayload(filled({ audienceType: NoticeAudience.Role, audienceDeptId: 4, audienceRoleId: 7 }));
    expect(payload).toMatchObject({ audienceType: 'role', audienceRoleId: 7, audienceDeptId: null });
  });

  it('sends local times as instants, an empty start as none, and refuses an end before the start', () => {
    const payload = noticePayload(filled({ startTime: '2026-11-24T08:00', endTime: '2026-11-25T08:00' }));
    expect(payload.startTime).toBe(dayjs('2026-11-24T08:00').toISOString());
    expect(noticePayload(filled()).startTime).toBeUndefined();
    expect(noticeIssues(filled({ startTime: '2026-11-25T08:00', endTime: '2026-11-24T08:00' }))).toEqual({ endTime: 'validation.noticeEndAfterStart' });
    expect(noticeIssues(filled({ endTime: '' }))).toEqual({ endTime: 'validation.noticeEndRequired' });
  });

  it('holds plain text to its own limit and rich text to the larger one', () => {
    expect(noticeIssues(filled({ content: 'x'.repeat(2001) }))).toEqual({ content: 'validation.tooLong' });
    expect(noticeIssues(filled({ contentFormat: NoticeFormat.Html, content: `<p>${'x'.repeat(2001)}</p>` }))).toEqual({});
  });
});
