import { describe, expect, it } from 'vitest';
import type { DictionaryRecord } from '../contract';
import { itemLabel } from './dictionary-items';
import { NEW_DICTIONARY_VALUES, contractIssues, dictionaryPayload, fieldOfServerMessage, nameRowIssues, nameRowsOf, nextFreeLocale, parentIdOf, valuesOfRecord } from './dictionary-form';
import { formatBytes } from '../../../renderer/hooks/use-export';

const record: DictionaryRecord = {
  id: 7,
  parentId: 3,
  dictNo: 'VAN',
  dictName: '厢式货车',
  label: 'Van',
  dictOrder: 10,
  status: '0',
  updated: '1',
  names: [
    { langId: 'zh_CN', langName: '厢式货车' },
    { langId: 'en_US', langName: 'Van' },
  ],
  createByName: 'admin',
  createTime: '2026-01-01T00:00:00.000Z',
  version: 4,
  ancestors: [{ id: 3, dictNo: 'VEHICLE_TYPE', dictName: '车辆类型', label: 'Vehicle type' }],
};

describe('dictionary form values', () => {
  it('starts a new node usable and updatable, and fills an edited one from its record', () => {
    expect(NEW_DICTIONARY_VALUES).toMatchObject({ status: '1', updated: '1' });
    expect(valuesOfRecord(record)).toEqual({ dictNo: 'VAN', dictName: '厢式货车', dictOrder: '10', status: '0', updated: '1' });
    expect(nameRowsOf(record)).toEqual([
      { key: 1, langId: 'zh_CN', langName: '厢式货车' },
      { key: 2, langId: 'en_US', langName: 'Van' },
    ]);
  });

  it('judges the fields by the contract: required code, name and order, the code pattern and the order range', () => {
    expect(contractIssues(NEW_DICTIONARY_VALUES)).toEqual({ dictNo: 'validation.required', dictName: 'validation.required' });
    expect(contractIssues({ ...NEW_DICTIONARY_VALUES, dictNo: 'a b', dictName: 'x', dictOrder: '' })).toEqual({ dictNo: 'validation.dictNoPattern', dictOrder: 'validation.required' });
    expect(contractIssues({ ...NEW_DICTIONARY_VALUES, dictNo: 'A', dictName: 'x', dictOrder: 'abc' })).toEqual({ dictOrder: 'validation.orderNum' });
    expect(contractIssues({ ...NEW_DICTIONARY_VALUES, dictNo: 'A', dictName: 'x', dictOrder: '100000' })).toEqual({ dictOrder: 'validation.orderNum' });
    expect(contractIssues({ ...NEW_DICTIONARY_VALUES, dictNo: 'A_1.b-c', dictName: 'x', dictOrder: '5' })).toEqual({});
  });

  it('sends the values with the language rows', () => {
    const payload = dictionaryPayload({ ...valuesOfRecord(record), dictOrder: ' 12 ' }, nameRowsOf(record));
    expect(payload).toEqual({ dictNo: 'VAN', dictName: '厢式货车', dictOrder: 12, status: '0', updated: '1', names: record.names });
  });

  it('points at the language row that breaks a rule, and offers the next language no row has', () => {
    const rows = [
      { key: 1, langId: 'zh_CN' as const, langName: '名' },
      { key: 2, langId: 'zh_CN' as const, langName: '另' },
      { key: 3, langId: 'en_US' as const, langName: ' ' },
    ];
    expect(Object.fromEntries(nameRowIssues(rows))).toEqual({
      2: { field: 'langId', key: 'validation.dictLangDuplicate' },
      3: { field: 'langName', key: 'validation.required' },
    });
    expect(nextFreeLocale(rows)).toBe('de_DE');
    expect(nextFreeLocale(['zh_CN', 'en_US', 'de_DE', 'ko_KR', 'ja_JP'].map((langId, key) => ({ key, langId: langId as 'zh_CN', langName: 'x' })))).toBeNull();
  });

  it('reads the parent of a new node from the route, and the field of a server refusal', () => {
    expect(parentIdOf(null)).toBeNull();
    expect(parentIdOf('12')).toBe(12);
    for (const bad of ['0', '-1', 'x', '1.5', '99999999999']) expect(parentIdOf(bad)).toBe('invalid');
    expect(fieldOfServerMessage('dictNo: already exists')).toEqual({ field: 'dictNo', text: 'already exists' });
    expect(fieldOfServerMessage('names.0.langId: not allowed')).toBeNull();
  });
});

describe('export progress and stored codes', () => {
  it('formats byte counts and names stored codes, keeping an unknown code as it is', () => {
    expect([formatBytes(512), formatBytes(2048), formatBytes(5 * 1024 * 1024)]).toEqual(['512 B', '2.0 KB', '5.0 MB']);
    const items = [{ id: 1, dictNo: 'COD', label: 'Cash on delivery', dictOrder: 1 }];
    expect(itemLabel(items, 'COD')).toBe('Cash on delivery');
    expect(itemLabel(items, 'GONE')).toBe('GONE');
    expect(itemLabel(undefined, 'COD')).toBe('COD');
  });
});
