import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHAIN_GENESIS, canonicalJson, chainHash, chainRows, microsOf, type RowToChain } from './chain';

const base: RowToChain = {
  entryType: 'update',
  operUserId: 7,
  operUserName: '张三',
  operLoginName: 'zhang',
  operLocation: '上海市',
  operIp: '101.226.4.6',
  operDeptId: 3,
  operationContent: 'Update a user',
  beforeOperation: { b: 1, a: [1, { y: 2, x: 1 }] },
  afterOperation: null,
  operationTime: new Date('2026-03-01T08:00:00.123Z'),
};

describe('canonicalJson', () => {
  it('gives the same text whatever the key order, as jsonb hands keys back in its own order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 'x'], c: null } })).toBe(canonicalJson({ a: { c: null, d: [1, 'x'] }, b: 1 }));
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('writes what JSON would store: absent for undefined fields, null for undefined items and non-finite numbers', () => {
    expect(canonicalJson({ a: undefined, b: [undefined, Number.NaN], c: 1e21 })).toBe(canonicalJson(JSON.parse(JSON.stringify({ a: undefined, b: [undefined, Number.NaN], c: 1e21 }))));
  });
});

describe('chainRows', () => {
  it('chains each row to the one before, from the genesis or a given previous hash', () => {
    const [first, second] = chainRows([base, { ...base, operationContent: 'Second' }], CHAIN_GENESIS);
    expect(first!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(chainRows([{ ...base, operationContent: 'Second' }], first!.hash)[0]!.hash).toBe(second!.hash);
    expect(chainRows([base], second!.hash)[0]!.hash).not.toBe(first!.hash);
  });

  it('changes the hash when any stored field changes, and not when JSON keys are reordered', () => {
    const hash = (row: RowToChain) => chainRows([row], CHAIN_GENESIS)[0]!.hash;
    const original = hash(base);
    expect(hash({ ...base, beforeOperation: { a: [1, { x: 1, y: 2 }], b: 1 } })).toBe(original);
    for (const changed of [
      { entryType: 'delete' },
      { operUserId: 8 },
      { operUserName: '李四' },
      { operLoginName: 'li' },
      { operLocation: '北京市' },
      { operIp: '123.125.114.144' },
      { operDeptId: null },
      { operationContent: 'Other' },
      { afterOperation: {} },
      { operationTime: new Date('2026-03-01T08:00:00.124Z') },
    ]) {
      expect(hash({ ...base, ...changed })).not.toBe(original);
    }
  });

  it("covers a keyed content's key and values, and hashes a row without a key as rows were hashed before keys", () => {
    const hash = (row: RowToChain) => chainRows([row], CHAIN_GENESIS)[0]!.hash;
    const keyed = { ...base, contentKey: 'role.add', contentValues: { name: '审计员' } };
    const original = hash(keyed);
    expect(hash({ ...keyed, contentValues: { name: '审计员' } })).toBe(original);
    for (const changed of [{ contentKey: 'role.delete' }, { contentValues: { name: '管理员' } }, { contentValues: null }, { contentKey: null }]) {
      expect(hash({ ...keyed, ...changed })).not.toBe(original);
    }
    // The fields of a row from before the keys, hashed as that release hashed them.
    const { operationTime, ...fields } = base;
    const legacy = createHash('sha256')
      .update(
        JSON.stringify([
          '',
          fields.entryType,
          fields.operUserId,
          fields.operUserName,
          fields.operLoginName,
          fields.operLocation,
          fields.operIp,
          fields.operDeptId,
          fields.operationContent,
          canonicalJson(fields.beforeOperation),
          canonicalJson(fields.afterOperation),
          microsOf(operationTime),
        ]),
      )
      .digest('hex');
    expect(hash(base)).toBe(legacy);
    expect(chainHash({ ...fields, contentKey: null, contentValues: null, operationMicros: microsOf(operationTime) }, CHAIN_GENESIS)).toBe(legacy);
  });

  it('counts time in microseconds, as PostgreSQL stores it', () => {
    expect(microsOf(new Date('1970-01-01T00:00:01.234Z'))).toBe('1234000');
  });
});
