import { describe, expect, it } from 'vitest';
import { acceptOf, uploadProblem } from './upload-check';

const MIB = 1024 * 1024;

describe('the quick check before an upload', () => {
  it("takes the purpose's extensions in any case and sizes under its limit", () => {
    expect(uploadProblem('idCard', 'front.JPEG', 2 * MIB - 1)).toBeNull();
    expect(uploadProblem('idCard', 'front.png', 2 * MIB)).toBe('validation.idCardImageSize');
    expect(uploadProblem('idCard', 'front.gif', 10)).toBe('validation.idCardImageType');
    expect(uploadProblem('idCard', 'no-extension', 10)).toBe('validation.idCardImageType');
    expect(uploadProblem('articleImage', 'a.gif', 5 * MIB - 1)).toBeNull();
    expect(uploadProblem('dictionaryImport', 'dict.xlsx', 10)).toBeNull();
    expect(uploadProblem('dictionaryImport', 'dict.xls', 10)).toBe('validation.importFileType');
  });

  it('offers the extensions to the file picker', () => {
    expect(acceptOf('idCard')).toBe('.jpg,.jpeg,.png');
  });
});
