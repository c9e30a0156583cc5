import { describe, expect, it } from 'vitest';
import { isBlocking, isThirdPartyBundle, lineDisablesCheck, originalLine, suppressionsWithoutReason, toFindings } from './security-scan-lib.mjs';

describe('toFindings', () => {
  it('flattens Electronegativity issues', () => {
    const issues = [
      {
        id: 'SANDBOX_JS_CHECK',
        severity: { name: 'MEDIUM', value: 2 },
        confidence: { name: 'FIRM', value: 1 },
        file: 'main/b.ts',
        location: { line: 3, column: 1 },
        sample: 'new BrowserWindow({})',
        description: 'Use sandbox',
      },
      { id: 'CSP_GLOBAL_CHECK', severity: { name: 'LOW', value: 1 }, confidence: { name: 'TENTATIVE', value: 0 }, file: 'N/A', location: { line: 0, column: 0 }, description: 'Failed to parse CSP' },
    ];
    expect(toFindings(issues)).toEqual([
      { issue: 'SANDBOX_JS_CHECK', severity: 'MEDIUM', confidence: 'FIRM', file: 'main/b.ts', location: '3:1', sample: 'new BrowserWindow({})', description: 'Use sandbox' },
      { issue: 'CSP_GLOBAL_CHECK', severity: 'LOW', confidence: 'TENTATIVE', file: 'N/A', location: '0:0', sample: '', description: 'Failed to parse CSP' },
    ]);
  });
});

describe('isBlocking', () => {
  it.each([
    ['HIGH', 'CERTAIN', true],
    ['HIGH', 'FIRM', true],
    ['MEDIUM', 'FIRM', true],
    ['MEDIUM', 'CERTAIN', true],
    ['HIGH', 'TENTATIVE', false],
    ['MEDIUM', 'TENTATIVE', false],
    ['LOW', 'CERTAIN', false],
    ['INFORMATIONAL', 'CERTAIN', false],
  ])('%s/%s blocks: %s', (severity, confidence, expected) => {
    expect(isBlocking({ severity, confidence })).toBe(expected);
  });
});

describe('suppressionsWithoutReason', () => {
  it('accepts a suppression that says why after --', () => {
    expect(suppressionsWithoutReason('new BrowserWindow(o()); // eng-disable SANDBOX_JS_CHECK -- set by o(), unit-tested')).toEqual([]);
    expect(suppressionsWithoutReason('<!-- eng-disable CSP_HTML_CHECK -- the header carries the policy -->')).toEqual([]);
  });

  it('flags a bare suppression or a token reason', () => {
    const text = ['ok();', 'x(); // eng-disable SANDBOX_JS_CHECK', 'y(); /* eng-disable AUXCLICK_JS_CHECK -- fine */'].join('\n');
    expect(suppressionsWithoutReason(text).map((m) => m.line)).toEqual([2, 3]);
  });
});

describe('originalLine', () => {
  // Generated line 1 maps to a.ts line 1; line 2 is unmapped; line 3 maps to b.ts line 2, then back to a.ts.
  // Segments: [genCol, sourceDelta, lineDelta, colDelta].
  const map = { sources: ['../src/a.ts', '../src/b.ts'], mappings: 'AAAA;;ACCA,CDAA' };

  it('follows the VLQ deltas across lines', () => {
    expect(originalLine(map, 1)).toEqual({ source: '../src/a.ts', line: 1 });
    expect(originalLine(map, 2)).toBeNull();
    expect(originalLine(map, 3)).toEqual({ source: '../src/b.ts', line: 2 });
    expect(originalLine(map, 9)).toBeNull();
  });

  it('decodes multi-digit and negative values', () => {
    // 'AAgBA': line delta 16 -> line 17; next line 'AAhBA': delta -16 -> line 1.
    const far = { sources: ['x.ts'], mappings: 'AAgBA;AAhBA' };
    expect(originalLine(far, 1)).toEqual({ source: 'x.ts', line: 17 });
    expect(originalLine(far, 2)).toEqual({ source: 'x.ts', line: 1 });
  });
});

describe('lineDisablesCheck', () => {
  it('matches the rule ids before the reason', () => {
    const line = 'const w = new BrowserWindow(o()); // eng-disable SANDBOX_JS_CHECK CONTEXT_ISOLATION_JS_CHECK -- set by o()';
    expect(lineDisablesCheck(line, 'SANDBOX_JS_CHECK')).toBe(true);
    expect(lineDisablesCheck(line, 'context_isolation_js_check')).toBe(true);
    expect(lineDisablesCheck(line, 'AUXCLICK_JS_CHECK')).toBe(false);
    expect(lineDisablesCheck('new BrowserWindow(o());', 'SANDBOX_JS_CHECK')).toBe(false);
  });
});

describe('isThirdPartyBundle', () => {
  it('is true only when every source is a package', () => {
    expect(isThirdPartyBundle({ sources: ['../../node_modules/conf/dist/index.js', '../../node_modules/ajv/x.js'] })).toBe(true);
    expect(isThirdPartyBundle({ sources: ['../../node_modules/conf/dist/index.js', '../../src/main/electron/app.ts'] })).toBe(false);
    expect(isThirdPartyBundle({ sources: [] })).toBe(false);
  });
});
