import { z } from 'zod';
import { I18nStatus } from '../../shared/constants';
import { Perm } from '../../shared/permissions';
import { choice, Limits, pageOf, rules } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import { XLSX_DOWNLOAD, exportedFile } from '../../shared/contract/export';
import { importReportOf, importReportRowOf } from '../../shared/contract/import-report';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Multilingual text (spec 001 §2 /internationalize, §3, §5 "Multilingual dialog", §7): one Chinese text
 * and its English, German, Korean and Japanese translations. Menu and system names are stored in Chinese
 * and shown through the usable texts in the interface language, falling back to Chinese.
 */

export const i18nStatus = choice([I18nStatus.Usable, I18nStatus.Unusable]);

/** The Chinese text: required with the spec's message ("please fill in the Chinese name"). */
export const i18nChinese = z
  .string({ error: 'validation.chineseRequired' })
  .trim()
  .min(1, { message: 'validation.chineseRequired' })
  .max(Limits.translatedNameMax, { message: 'validation.translatedNameMax' });

/** A translation: may be blank (the Chinese text is shown then). */
export const i18nTranslation = z.string({ error: 'validation.format' }).trim().max(Limits.translatedNameMax, { message: 'validation.translatedNameMax' });

/** The translated columns, in the order the screen and the spreadsheet show them. */
export const I18N_LANGUAGE_FIELDS = ['chinese', 'english', 'german', 'korean', 'japanese'] as const;
export type I18nLanguageField = (typeof I18N_LANGUAGE_FIELDS)[number];

const i18nTextFields = {
  chinese: i18nChinese,
  english: i18nTranslation.default(''),
  german: i18nTranslation.default(''),
  korean: i18nTranslation.default(''),
  japanese: i18nTranslation.default(''),
  /** New texts are usable. */
  status: i18nStatus.default(I18nStatus.Usable),
};

/** The dialog's save (spec "saveOrUpdate"): without an id it adds; with one it updates the version read. */
export const i18nTextForm = z.object({ id: rules.id.nullish(), version: rules.version.nullish(), ...i18nTextFields }).superRefine((form, ctx) => {
  if (form.id && !form.version) ctx.addIssue({ code: 'custom', path: ['version'], message: 'validation.version', input: form.version });
});
export type I18nTextForm = z.input<typeof i18nTextForm>;

export const i18nTextRecord = z.object({
  id: z.number().int(),
  chinese: z.string(),
  english: z.string(),
  german: z.string(),
  korean: z.string(),
  japanese: z.string(),
  status: z.number().int(),
  /** The display name of whoever last changed the text ('system' for the seeded ones). */
  operater: z.string(),
  /** ISO 8601. */
  createTime: z.string(),
  /** ISO 8601; null until the first change. */
  updateTime: z.string().nullable(),
  version: z.number().int(),
});
export type I18nTextRecord = z.infer<typeof i18nTextRecord>;

/**
 * The spreadsheet of an export and an import: one row per text, columns found by their header. The header
 * is written in the caller's language (`i18nText.column.<field>` of the server's catalogs); an import takes
 * a column's header in any of the five languages, or the field's own name (`chinese`, `status`, …).
 */
export const I18N_SHEET = {
  name: 'i18n',
  columns: [...I18N_LANGUAGE_FIELDS, 'status'],
} as const;
export type I18nSheetColumn = (typeof I18N_SHEET.columns)[number];

export const i18nImportRow = importReportRowOf({ chinese: z.string() });
export type I18nImportRow = z.infer<typeof i18nImportRow>;

export const i18nImportReport = importReportOf(i18nImportRow);
export type I18nImportReport = z.infer<typeof i18nImportReport>;

const digestText = z.string({ error: 'validation.required' }).regex(/^[0-9a-f]{64}$/, { message: 'validation.format' });

export const i18nText = {
  list: endpoint({
    service: 'i18nText',
    summary: 'Multilingual texts by Chinese text and status, a page at a time',
    method: 'POST',
    path: '/sys/i18n/list',
    access: Perm.i18nView,
    mutation: false,
    input: z.object({
      /** Part of the Chinese text. */
      chinese: rules.filterText,
      status: i18nStatus.nullish(),
      page: rules.page,
      limit: rules.limit,
    }),
    output: pageOf(i18nTextRecord),
  }),
  info: endpoint({
    service: 'i18nText',
    summary: 'One multilingual text, for the dialog',
    method: 'GET',
    path: '/sys/i18n/info/:id',
    access: Perm.i18nView,
    input: z.object({ id: rules.id }),
    output: i18nTextRecord,
  }),
  save: endpoint({
    service: 'i18nText',
    summary: 'Add a multilingual text, or update one at the version read',
    method: 'POST',
    path: '/sys/i18n/saveOrUpdate',
    access: Perm.i18nSave,
    input: i18nTextForm,
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  delete: endpoint({
    service: 'i18nText',
    summary: 'Delete a multilingual text',
    method: 'POST',
    path: '/sys/i18n/delete/:id',
    access: Perm.i18nDelete,
    input: z.object({ id: rules.id }),
    output: undoTicket,
  }),
  export: endpoint({
    service: 'i18nText',
    summary: 'Export every multilingual text to an .xlsx file',
    method: 'GET',
    path: '/sys/i18n/export',
    access: Perm.i18nView,
    input: z.object({}),
    output: exportedFile,
    download: XLSX_DOWNLOAD,
  }),
  importPreview: endpoint({
    service: 'i18nText',
    summary: 'What importing an uploaded .xlsx file would add, change and refuse',
    method: 'POST',
    path: '/sys/i18n/import/preview',
    access: Perm.i18nSave,
    mutation: false,
    input: z.object({ fileId: rules.id }),
    output: i18nImportReport,
  }),
  importApply: endpoint({
    service: 'i18nText',
    summary: 'Apply an import exactly as its preview showed it',
    method: 'POST',
    path: '/sys/i18n/import/apply',
    access: Perm.i18nSave,
    input: z.object({ fileId: rules.id, digest: digestText }),
    output: z.object({ added: z.number().int(), changed: z.number().int() }),
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of i18nText, in the five locales. */
export const i18nTextNames: EndpointNamesOf<typeof i18nText> = {
  list: ['多语言文本列表', 'Multilingual text list', 'Liste mehrsprachiger Texte', '多言語テキスト一覧', '다국어 텍스트 목록'],
  info: ['多语言文本详情', 'Multilingual text details', 'Details des mehrsprachigen Texts', '多言語テキスト詳細', '다국어 텍스트 상세'],
  save: ['保存多语言文本', 'Save multilingual text', 'Mehrsprachigen Text speichern', '多言語テキスト保存', '다국어 텍스트 저장'],
  delete: ['删除多语言文本', 'Delete multilingual text', 'Mehrsprachigen Text löschen', '多言語テキスト削除', '다국어 텍스트 삭제'],
  export: ['导出多语言文本', 'Export multilingual texts', 'Mehrsprachige Texte exportieren', '多言語テキストのエクスポート', '다국어 텍스트 내보내기'],
  importPreview: ['多语言文本导入预览', 'Preview multilingual text import', 'Import mehrsprachiger Texte prüfen', '多言語テキストのインポートプレビュー', '다국어 텍스트 가져오기 미리보기'],
  importApply: ['执行多语言文本导入', 'Apply multilingual text import', 'Import mehrsprachiger Texte ausführen', '多言語テキストのインポート実行', '다국어 텍스트 가져오기 실행'],
};

/** The fields of the multilingual text snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const i18nTextSnapshotFields = {
  ...RECORD_FIELDS,
  chinese: { label: 'internationalize.field.chinese' },
  english: { label: 'internationalize.field.english' },
  german: { label: 'internationalize.field.german' },
  korean: { label: 'internationalize.field.korean' },
  japanese: { label: 'internationalize.field.japanese' },
  status: { label: 'common.status' },
} as const satisfies SnapshotFieldTable;
