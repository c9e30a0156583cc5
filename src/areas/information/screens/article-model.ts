import { InfoSwitch } from '../../info-category/contract';
import { ARTICLE_TYPES, articleForm, type ArticleForm, type ArticleRecord, type ArticleType } from '../contract';
import { issuesByField } from '../../../renderer/components/form/record-form';
import type { MessageKey, RuleMessageKey } from '../../../renderer/i18n/message-key';

/** The article form's values and rules (spec 001 §5 Information form): the contract's own schema. */

export type ArticleFormValues = {
  systemCode: number | null;
  apiKey: string;
  classificationId: number | null;
  typeCode: string;
  title: string;
  /** As typed: a whole number 0 to 999. */
  sort: string;
  display: boolean;
  keywords: string;
  /** The editor's HTML; '' when empty. */
  content: string;
  imageId: number | null;
};

export type ArticleField = keyof ArticleFormValues;

export const ARTICLE_FIELDS: readonly ArticleField[] = ['systemCode', 'apiKey', 'classificationId', 'typeCode', 'title', 'sort', 'display', 'keywords', 'content', 'imageId'];

export function articleValuesOf(record: ArticleRecord | null): ArticleFormValues {
  return {
    systemCode: record?.systemCode ?? null,
    apiKey: record?.apiKey ?? '',
    classificationId: record?.classificationId ?? null,
    typeCode: record?.typeCode ?? '',
    title: record?.title ?? '',
    sort: record ? String(record.sort) : '0',
    display: record ? record.display === InfoSwitch.On : true,
    keywords: record?.keywords ?? '',
    content: record?.content ?? '',
    imageId: record?.imageId ?? null,
  };
}

/** A typed sort as the number the contract checks; blank is missing (NaN fails the number rule). */
function sortOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

export function articlePayload(values: ArticleFormValues): ArticleForm {
  return {
    systemCode: values.systemCode ?? 0,
    apiKey: values.apiKey,
    classificationId: values.classificationId ?? 0,
    typeCode: values.typeCode as ArticleType,
    title: values.title,
    sort: sortOf(values.sort) as number,
    display: values.display ? InfoSwitch.On : InfoSwitch.Off,
    keywords: values.keywords,
    content: values.content,
    imageId: values.imageId,
  };
}

export function articleFormIssues(values: ArticleFormValues): Partial<Record<ArticleField, RuleMessageKey>> {
  return issuesByField(articleForm, articlePayload(values), ARTICLE_FIELDS);
}

/** Changing the system clears what belongs to the old one (spec 001 §4): the API key, the category and the image. */
export function systemChange(systemCode: number | null): Partial<ArticleFormValues> {
  return { systemCode, apiKey: '', classificationId: null, imageId: null };
}

export function isArticleType(code: string): code is ArticleType {
  return (ARTICLE_TYPES as readonly string[]).includes(code);
}

export function articleTypeKey(code: ArticleType): MessageKey {
  return `information.type.${code}`;
}

export function articleFieldLabelKey(field: string): MessageKey | null {
  const labels: Record<string, MessageKey> = {
    systemCode: 'common.ownedBySystem',
    apiKey: 'information.apiKey',
    classificationId: 'information.category',
    typeCode: 'common.type',
    title: 'common.title',
    sort: 'information.sort',
    display: 'information.display',
    keywords: 'information.keywords',
    content: 'common.content',
    imageId: 'information.image',
  };
  return labels[field] ?? null;
}
