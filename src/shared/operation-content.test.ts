import { describe, expect, it } from 'vitest';
import { NAME_LOCALES } from './contract/endpoint-names';
import { OPERATION_CONTENT, contentTemplates } from './operation-content';
import { fillTemplate } from './template-fill';

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the operation-content catalogue', () => {
  it('has every key in all five locales, each template using the same values', () => {
    for (const [key, templates] of Object.entries(OPERATION_CONTENT)) {
      expect(templates, key).toHaveLength(NAME_LOCALES.length);
      for (const template of templates) {
        expect(template.trim(), key).not.toBe('');
        expect(placeholders(template), `${key}: ${template}`).toEqual(placeholders(templates[1]));
      }
    }
  });

  it('fills a template in the reader’s language: lists joined as the language joins them, coded values named', () => {
    const zh = contentTemplates('zh_CN');
    const de = contentTemplates('de_DE');
    expect(fillTemplate(zh['role.delete']!, { names: ['审计员', '访客'] }, { listSeparator: '、', names: {} })).toBe('删除角色 审计员、访客');
    expect(fillTemplate(de['role.delete']!, { names: ['Prüfer', 'Gast'] }, { listSeparator: ', ', names: {} })).toBe('Rollen Prüfer, Gast gelöscht');
    expect(fillTemplate(de['file.upload']!, { purpose: 'articleImage', name: 'a.png' }, { listSeparator: ', ', names: { purpose: { articleImage: 'Artikelbild' } } })).toBe(
      'Artikelbild-Datei a.png hochgeladen',
    );
    expect(fillTemplate(zh['role.add']!, { name: 'x'.repeat(300) }, { listSeparator: '、', names: {} })).toHaveLength(200);
  });
});
