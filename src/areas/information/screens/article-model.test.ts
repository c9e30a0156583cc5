import { describe, expect, it } from 'vitest';
import { articleFormIssues, articlePayload, articleValuesOf, systemChange, type ArticleFormValues } from './article-model';

const filled: ArticleFormValues = { ...articleValuesOf(null), systemCode: 3, apiKey: 'k1', classificationId: 7, typeCode: 'news', title: 'Route changes', sort: '10', content: '<p>x</p>' };

describe('article form model', () => {
  it('starts a new article shown, sorted 0, with nothing chosen', () => {
    expect(articleValuesOf(null)).toMatchObject({ systemCode: null, apiKey: '', classificationId: null, sort: '0', display: true, content: '', imageId: null });
  });

  it('reports each broken rule on its field with the contract messages', () => {
    expect(articleFormIssues(articleValuesOf(null))).toMatchObject({
      systemCode: 'validation.systemRequired',
      apiKey: 'validation.apiKeyRequired',
      classificationId: 'validation.categoryRequired',
      typeCode: 'validation.typeRequired',
      title: 'validation.titleRequired',
      content: 'validation.contentRequired',
    });
    expect(articleFormIssues(filled)).toEqual({});
    expect(articleFormIssues({ ...filled, sort: '1000' }).sort).toBe('validation.sortRange');
    expect(articleFormIssues({ ...filled, sort: 'abc' }).sort).toBe('validation.sortRange');
    expect(articleFormIssues({ ...filled, sort: '2.5' }).sort).toBe('validation.sortRange');
    expect(articleFormIssues({ ...filled, sort: '' }).sort).toBe('validation.required');
    expect(articleFormIssues({ ...filled, title: 'x'.repeat(31) }).title).toBe('validation.titleLength');
  });

  it('sends numbers and switches as the contract takes them', () => {
    expect(articlePayload({ ...filled, display: false })).toMatchObject({ sort: 10, display: 0, imageId: null });
  });

  it('clears the API key, category and image when the system changes', () => {
    expect(systemChange(4)).toEqual({ systemCode: 4, apiKey: '', classificationId: null, imageId: null });
  });
});
