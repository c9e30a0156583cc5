import { describe, expect, it } from 'vitest';
import { i18nTextForm, type I18nTextRecord } from '../contract';
import { dialogValuesOf, saveInputOf, statusKey } from './i18n-form';

const RECORD: I18nTextRecord = {
  id: 7,
  chinese: '字典管理',
  english: 'Dictionaries',
  german: 'Wörterbücher',
  korean: '사전 관리',
  japanese: '辞書管理',
  status: 2,
  operater: 'system',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: null,
  version: 3,
};

describe('multilingual dialog values', () => {
  it('starts a new text blank and usable, and saves it without an id', () => {
    const values = dialogValuesOf(null);
    expect(values).toEqual({ chinese: '', english: '', german: '', korean: '', japanese: '', status: 1 });
    expect(saveInputOf({ ...values, chinese: '运单' }, null)).toEqual({ chinese: '运单', english: '', german: '', korean: '', japanese: '', status: 1 });
  });

  it('edits a record at the version it was read at, keeping its status', () => {
    const values = dialogValuesOf(RECORD);
    expect(values.status).toBe(2);
    const input = saveInputOf({ ...values, english: 'Code lists' }, RECORD);
    expect(input).toMatchObject({ id: 7, version: 3, english: 'Code lists', status: 2 });
    expect(i18nTextForm.safeParse(input).success).toBe(true);
  });

  it('asks for the Chinese name with the spec’s message', () => {
    const parsed = i18nTextForm.safeParse(saveInputOf(dialogValuesOf(null), null));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe('validation.chineseRequired');
    expect(statusKey(1)).toBe('common.usable');
    expect(statusKey(2)).toBe('internationalize.status.unusable');
  });
});
