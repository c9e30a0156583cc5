import { describe, expect, it } from 'vitest';
import { rowTextOf } from '../testing/row-text';
import { isoTimeOf, rowsOf, textRowsOf, valuesOfRowText } from './sheet-page';

describe('a time as the database wrote it (its ISO style or JSON), as an export writes it', () => {
  it('is ISO 8601 to the millisecond, its fraction padded or cut (not rounded), from the ISO style’s text or JSON’s', () => {
    expect(isoTimeOf('2026-11-28T22:29:17.123')).toBe('2026-11-28T22:29:17.123Z');
    expect(isoTimeOf('2026-11-28T22:29:17')).toBe('2026-11-28T22:29:17.000Z');
    expect(isoTimeOf('2026-11-28T22:29:17.5')).toBe('2026-11-28T22:29:17.500Z');
    expect(isoTimeOf('2026-11-28T22:29:17.99')).toBe('2026-11-28T22:29:17.990Z');
    expect(isoTimeOf('2026-11-28T22:29:17.999999')).toBe('2026-11-28T22:29:17.999Z');
    for (const [text, iso] of [
      ['2026-11-28 22:29:17.123', '2026-11-28T22:29:17.123Z'],
      ['2026-11-28 22:29:17', '2026-11-28T22:29:17.000Z'],
      ['2026-11-28 22:29:17.5', '2026-11-28T22:29:17.500Z'],
      ['2026-11-28 22:29:17.123999', '2026-11-28T22:29:17.123Z'],
    ])
      expect(isoTimeOf(text!)).toBe(iso);
  });

  it('leaves what is no such time as the database wrote it', () => {
    for (const text of ['infinity', '-infinity', '10000-01-01 00:00:00.123', '0044-03-15 00:00:00 BC', '0044-03-15T00:00:00 BC', '2026-11-28X22:29:17', '']) expect(isoTimeOf(text)).toBe(text);
  });
});

describe('a row’s text as the database writes it for an export', () => {
  const read = (text: string, delimited: readonly boolean[], count = delimited.length) => valuesOfRowText(text, Buffer.byteLength(text, 'utf8'), delimited, count);

  it('reads delimited values and texts given by their length in UTF-8, null and empty apart', () => {
    expect(read('12|5:a|b:c2026-11-28 22:29:17.12|:0:|', [true, false, true, false, false, true])).toEqual(['12', 'a|b:c', '2026-11-28 22:29:17.12', null, '', null]);
  });

  it('finds where each text ends when characters beyond ASCII come before, in and after it', () => {
    const texts = ['用户1', 'plain', '🚚 and 字', '', 'x'.repeat(40), 'é', null, 'tail'];
    const delimited = texts.map(() => false);
    expect(read(rowTextOf(texts, delimited), delimited)).toEqual(texts);
    const withNumbers = ['7', '广东省 深圳市', '2026-01-01 00:00:00', '{"a": "ü"}', '42'];
    const kinds = [true, false, true, false, true];
    expect(read(rowTextOf(withNumbers, kinds), kinds)).toEqual(withNumbers);
  });

  it('reads only the values it is asked for: the keys after the cells are left', () => {
    expect(read('1|3:abc9|', [true, false, true], 2)).toEqual(['1', 'abc']);
  });

  it('refuses a text that is not such a row, naming where', () => {
    expect(() => read('12', [true])).toThrow('ends before its value 0');
    expect(() => read('x:abc', [false])).toThrow('has no length for its value 0 at 0');
    expect(() => read('9:abc', [false])).toThrow('ends before its value 0');
    expect(() => read('4:字', [false])).toThrow('does not hold a value of 4 bytes at 2');
  });
});

describe('a page of row texts read as cells (rowsOf)', () => {
  it('reads every row whatever groups its rows are decoded in: ASCII and beyond, rows larger than a group, empty texts', () => {
    const delimited = [true, false, false];
    const rows: [string, string, string][] = [];
    for (let n = 0; n < 2000; n++) {
      const text = n === 5 || n === 1500 ? `行 ${n} 🚚` : n % 331 === 7 ? 'y'.repeat(20_000 + n) : n % 13 === 0 ? '' : `row ${n} ${'x'.repeat(n % 50)}`;
      rows.push([String(n), text, n === 900 ? 'ü' : 'tail']);
    }
    const page = { ...textRowsOf(rows.map((row) => rowTextOf(row, delimited))), cellCount: 3, timeCells: [], numberCells: [0] };
    expect([...rowsOf(page)]).toEqual(rows.map(([n, text, tail]) => [Number(n), text, tail]));
  });
});
