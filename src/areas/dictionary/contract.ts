import { z } from 'zod';
import { DEFAULT_LOCALE, DictStatus, DictUpdatable, LOCALES, type Locale } from '../../shared/constants';
import { Perm } from '../../shared/permissions';
import { Limits, pageOf, rules, pageInput } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import { XLSX_DOWNLOAD, exportedFile } from '../../shared/contract/export';
import { importReportOf, importReportRowOf } from '../../shared/contract/import-report';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Dictionaries (spec 001 §2 /dictionary and /dicManage/{dicId}, §3 Dictionary, §4, §5, §7 Dictionary). A
 * dictionary is a node without a parent; its items are its children, which may nest. The form edits one
 * node; a new node is added under a chosen parent or as a new dictionary. Each node has its names in the
 * five languages (langId, langName); lists show the name in the interface language, then Chinese, then
 * the stored dictName.
 */

const requiredChoice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.oneOf') });

export const dictStatus = requiredChoice([DictStatus.Use, DictStatus.Stop]);
export const dictUpdatable = requiredChoice([DictUpdatable.Yes, DictUpdatable.No]);
export const dictLangId = requiredChoice(LOCALES);

export const dictNameEntry = z.object({
  langId: dictLangId,
  langName: z.string({ error: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(Limits.dictLangNameMax, { message: 'validation.tooLong' }),
});
export type DictNameEntry = z.output<typeof dictNameEntry>;

/** One name per language: a second row of the same language is refused on that row. */
export const dictNames = z
  .array(dictNameEntry)
  .max(LOCALES.length, { message: 'validation.dictLangDuplicate' })
  .superRefine((names, ctx) => {
    const seen = new Set<string>();
    names.forEach((name, index) => {
      if (seen.has(name.langId)) ctx.addIssue({ code: 'custom', path: [index, 'langId'], message: 'validation.dictLangDuplicate', input: name.langId });
      seen.add(name.langId);
    });
  });

const dictionaryFields = {
  dictNo: rules.dictNo,
  dictName: rules.dictName,
  dictOrder: rules.dictOrder,
  /** New dictionaries are usable (spec 001 §4). */
  status: dictStatus.default(DictStatus.Use),
  updated: dictUpdatable.default(DictUpdatable.Yes),
  names: dictNames.default([]),
};

export const dictionaryAddForm = z.object({
  /** The node the new one goes under; none for a new dictionary. */
  parentId: rules.id.nullish(),
  ...dictionaryFields,
});
export type DictionaryAddForm = z.input<typeof dictionaryAddForm>;

/** The parent stays as it is: a node never moves to another dictionary. */
export const dictionaryUpdateForm = z.object({ id: rules.id, version: rules.version, ...dictionaryFields });
export type DictionaryUpdateForm = z.input<typeof dictionaryUpdateForm>;

const dictionaryShape = {
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  dictNo: z.string(),
  dictName: z.string(),
  /** The name in the caller's language, else Chinese, else dictName. */
  label: z.string(),
  dictOrder: z.number().int(),
  status: z.string(),
  updated: z.string(),
  names: z.array(z.object({ langId: z.string(), langName: z.string() })),
  createByName: z.string(),
  /** ISO 8601. */
  createTime: z.string(),
  version: z.number().int(),
};

export interface DictionaryNode extends z.infer<z.ZodObject<typeof dictionaryShape>> {
  children: DictionaryNode[];
}
export const dictionaryNode: z.ZodType<DictionaryNode> = z.lazy(() => z.object({ ...dictionaryShape, children: z.array(dictionaryNode) })).meta({ id: 'DictionaryNode' });

/** A node above the one shown, from the dictionary down. */
export const dictionaryAncestor = z.object({ id: z.number().int(), dictNo: z.string(), dictName: z.string(), label: z.string() });
export type DictionaryAncestor = z.infer<typeof dictionaryAncestor>;

export const dictionaryRecord = z.object({ ...dictionaryShape, ancestors: z.array(dictionaryAncestor) });
export type DictionaryRecord = z.infer<typeof dictionaryRecord>;

/** A usable item of a dictionary, named for the caller: what later screens show for a stored code. */
export const dictionaryItem = z.object({ id: z.number().int(), dictNo: z.string(), label: z.string(), dictOrder: z.number().int() });
export type DictionaryItem = z.infer<typeof dictionaryItem>;

/** The columns of the export, which an import reads back by their header: codes, not translated labels. */
export const DICTIONARY_SHEET = {
  name: 'dictionaries',
  /** `parent` is the path of codes above the node, joined with '/'; blank for a dictionary. */
  columns: ['parent', 'dictNo', 'dictName', 'dictOrder', 'status', 'updated', ...LOCALES.map((locale) => `name.${locale}` as const), 'version'],
} as const;
export const DICT_PATH_SEPARATOR = '/';

export const importReportRow = importReportRowOf({
  /** The node's path of codes, e.g. WAYBILL_STATUS/DELIVERED. */
  path: z.string(),
  dictName: z.string(),
});
export type ImportReportRow = z.infer<typeof importReportRow>;

export const importReport = importReportOf(importReportRow);
export type ImportReport = z.infer<typeof importReport>;

const digestText = z.string({ error: 'validation.required' }).regex(/^[0-9a-f]{64}$/, { message: 'validation.format' });

export const dictionary = {
  list: endpoint({
    service: 'dictionary',
    summary: 'Dictionaries with their items, by name, a page at a time',
    method: 'POST',
    path: '/sys/dictionary/list',
    access: Perm.dictView,
    mutation: false,
    input: z.object({
      ...pageInput,
      /** Matches the stored name or a name in any language. */
      name: rules.filterText,
      /** 0 or absent: the dictionaries; a node's id: the items under it. */
      pid: z.coerce.number({ error: 'validation.id' }).int({ message: 'validation.id' }).min(0, { message: 'validation.id' }).max(Limits.idMax, { message: 'validation.idRange' }).default(0),
    }),
    output: pageOf(dictionaryNode),
  }),
  info: endpoint({
    service: 'dictionary',
    summary: 'One dictionary or item, for the form',
    method: 'POST',
    path: '/sys/dictionary/info/:id',
    access: Perm.dictView,
    mutation: false,
    input: z.object({ id: rules.id }),
    output: dictionaryRecord,
  }),
  add: endpoint({
    service: 'dictionary',
    summary: 'Add a dictionary or an item',
    method: 'POST',
    path: '/sys/dictionary/save',
    access: Perm.dictSave,
    input: dictionaryAddForm,
    output: z.object({ id: z.number().int() }),
  }),
  update: endpoint({
    service: 'dictionary',
    summary: 'Update a dictionary or an item',
    method: 'POST',
    path: '/sys/dictionary/update',
    access: Perm.dictUpdate,
    input: dictionaryUpdateForm,
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  delete: endpoint({
    service: 'dictionary',
    summary: 'Delete dictionaries or items, with everything under them',
    method: 'POST',
    path: '/sys/dictionary/delete',
    access: Perm.dictDelete,
    input: z.object({ ids: rules.idList }),
    output: undoTicket,
  }),
  items: endpoint({
    service: 'dictionary',
    summary: "The usable items of a dictionary, named in the caller's language",
    method: 'GET',
    path: '/sys/dictionary/items/:dictNo',
    access: 'session',
    input: z.object({ dictNo: rules.dictNo }),
    output: z.array(dictionaryItem),
  }),
  export: endpoint({
    service: 'dictionary',
    summary: 'Export the dictionaries with their items to an .xlsx file',
    method: 'GET',
    path: '/sys/dictionary/export',
    access: Perm.dictView,
    input: z.object({ name: rules.filterText }),
    output: exportedFile,
    download: XLSX_DOWNLOAD,
  }),
  importPreview: endpoint({
    service: 'dictionary',
    summary: 'What importing an uploaded .xlsx file would add, change and refuse',
    method: 'POST',
    path: '/sys/dictionary/import/preview',
    access: Perm.dictSave,
    mutation: false,
    input: z.object({ fileId: rules.id }),
    output: importReport,
  }),
  importApply: endpoint({
    service: 'dictionary',
    summary: 'Apply an import exactly as its preview showed it',
    method: 'POST',
    path: '/sys/dictionary/import/apply',
    access: Perm.dictSave,
    input: z.object({ fileId: rules.id, digest: digestText }),
    output: z.object({ added: z.number().int(), changed: z.number().int() }),
  }),
} as const;

/** The name of a node in `locale`: its name in that language, else the Chinese one, else the stored dictName. */
export function dictionaryLabel(node: { dictName: string; names: readonly { langId: string; langName: string }[] }, locale: Locale): string {
  const named = (langId: string) => node.names.find((name) => name.langId === langId)?.langName.trim() || null;
  return named(locale) ?? named(DEFAULT_LOCALE) ?? node.dictName;
}

/** What interface monitoring, its filters and its export call each endpoint of dictionary, in the five locales. */
export const dictionaryNames: EndpointNamesOf<typeof dictionary> = {
  list: ['字典列表', 'Dictionary list', 'Wörterbuchliste', '辞書一覧', '사전 목록'],
  info: ['字典详情', 'Dictionary details', 'Wörterbuchdetails', '辞書詳細', '사전 상세'],
  add: ['新增字典', 'Add dictionary', 'Wörterbuch hinzufügen', '辞書追加', '사전 추가'],
  update: ['修改字典', 'Update dictionary', 'Wörterbuch ändern', '辞書更新', '사전 수정'],
  delete: ['删除字典', 'Delete dictionaries', 'Wörterbücher löschen', '辞書削除', '사전 삭제'],
  items: ['字典可用项', 'Dictionary items', 'Wörterbucheinträge', '辞書の項目', '사전 항목'],
  export: ['导出字典', 'Export dictionaries', 'Wörterbücher exportieren', '辞書エクスポート', '사전 내보내기'],
  importPreview: ['字典导入预览', 'Preview dictionary import', 'Wörterbuch-Import prüfen', '辞書インポートのプレビュー', '사전 가져오기 미리보기'],
  importApply: ['执行字典导入', 'Apply dictionary import', 'Wörterbuch-Import ausführen', '辞書インポート実行', '사전 가져오기 실행'],
};

/** The fields of the dictionary snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const dictionarySnapshotFields = {
  ...RECORD_FIELDS,
  parentId: { label: 'dictionary.field.parent', ref: 'dictionary' },
  dictNo: { label: 'dictionary.field.dictNo' },
  dictName: { label: 'dictionary.filter.name' },
  dictOrder: { label: 'dept.field.orderNum' },
  status: { label: 'common.status' },
  updated: { label: 'dictionary.field.updated' },
  names: { label: 'dictionary.field.names', fields: { langId: { label: 'operationLog.snapshot.language' }, langName: { label: 'common.name' } } },
} as const satisfies SnapshotFieldTable;
