import { z } from 'zod';
import { Perm } from '../../shared/permissions';
import { choice, InfoLimits, pageOf, rules, pageInput } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Information categories (spec 001 §2 /inforTypeManage and /addManage/{id}, §3 Information category, §4
 * Category enable and Category form, §5 Information category form, §7 Information categories). A category
 * belongs to one system (systemCode is the system's menuId); its name is unique within the system. The
 * enable switch of the list saves through the update call, with the row's version.
 */

/** Switch values (spec 001 §9): 1 on, 0 off. */
export const InfoSwitch = { On: 1, Off: 0 } as const;
export const infoSwitch = choice([InfoSwitch.On, InfoSwitch.Off]);

const required = 'validation.required';

export const infoRules = {
  /** The system a record belongs to: its menuId, required ('please select a system'). */
  systemCode: z
    .number({ error: 'validation.systemRequired' })
    .int({ message: 'validation.id' })
    .positive({ message: 'validation.systemRequired' })
    .max(2_147_483_647, { message: 'validation.idRange' }),
  categoryName: z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .min(InfoLimits.categoryNameMin, { message: 'validation.categoryNameLength' })
    .max(InfoLimits.categoryNameMax, { message: 'validation.categoryNameLength' }),
  imageDesc: z.string().trim().max(InfoLimits.imageDescMax, { message: 'validation.imageDescLength' }),
} as const;

const categoryFields = z.object({
  systemCode: infoRules.systemCode,
  name: infoRules.categoryName,
  haveImage: infoSwitch.default(InfoSwitch.Off),
  /** Required (5 to 50 characters) only when haveImage is on; stored empty otherwise. */
  imageDesc: infoRules.imageDesc.default(''),
  /** New categories are usable (spec 001 §4). */
  enable: infoSwitch.default(InfoSwitch.On),
});

type CategoryFields = z.output<typeof categoryFields>;

/** imageDesc is required, 5 to 50 characters, when the category's articles carry an image (spec 001 §5). */
function checkImageDesc(form: CategoryFields, ctx: z.RefinementCtx): void {
  if (form.haveImage !== InfoSwitch.On) return;
  const length = [...form.imageDesc].length;
  if (length === 0) ctx.addIssue({ code: 'custom', path: ['imageDesc'], message: required, input: form.imageDesc });
  else if (length < InfoLimits.imageDescMin) ctx.addIssue({ code: 'custom', path: ['imageDesc'], message: 'validation.imageDescLength', input: form.imageDesc });
}

export const categoryForm = categoryFields.superRefine(checkImageDesc);
export type CategoryForm = z.input<typeof categoryForm>;

export const categoryUpdateForm = categoryFields.extend({ id: rules.id, version: rules.version }).superRefine(checkImageDesc);
export type CategoryUpdateForm = z.input<typeof categoryUpdateForm>;

export const categoryRecord = z.object({
  id: z.number().int(),
  systemCode: z.number().int(),
  systemName: z.string(),
  name: z.string(),
  haveImage: z.number().int(),
  imageDesc: z.string(),
  enable: z.number().int(),
  /** Articles filed under the category: while there are any it cannot be deleted. */
  articleCount: z.number().int(),
  /** ISO 8601. */
  createTime: z.string(),
  version: z.number().int(),
});
export type CategoryRecord = z.infer<typeof categoryRecord>;

/** A system the current role may file information under, with its usable API keys (spec 001 §7 "GET all systems"). */
export const infoSystem = z.object({
  systemCode: z.number().int(),
  systemName: z.string(),
  apiKeys: z.array(z.object({ apiKey: z.string(), apiCode: z.string() })),
});
export type InfoSystem = z.infer<typeof infoSystem>;

export const infoCategory = {
  systems: endpoint({
    service: 'infoCategory',
    summary: 'Systems the role files information under, with their usable API keys',
    method: 'GET',
    path: '/info/category/systems',
    // Both screens offer the systems: the handler asks for infoTypeView or infoView.
    access: 'session',
    input: z.object({}),
    output: z.array(infoSystem),
    // The systems carry their usable API keys: the logged copy hides them (ALWAYS_SECRET_FIELDS).
    secretOutput: true,
  }),
  list: endpoint({
    service: 'infoCategory',
    summary: 'Information categories by name, a page at a time',
    method: 'POST',
    path: '/info/category/list',
    access: Perm.infoTypeView,
    mutation: false,
    input: z.object({ name: rules.filterText, ...pageInput }),
    output: pageOf(categoryRecord),
  }),
  info: endpoint({
    service: 'infoCategory',
    summary: 'One information category, for the form',
    method: 'POST',
    path: '/info/category/info/:id',
    access: Perm.infoTypeView,
    mutation: false,
    input: z.object({ id: rules.id }),
    output: categoryRecord,
  }),
  add: endpoint({
    service: 'infoCategory',
    summary: 'Add an information category',
    method: 'POST',
    path: '/info/category/save',
    access: Perm.infoTypeSave,
    input: categoryForm,
    output: z.object({ id: z.number().int() }),
  }),
  update: endpoint({
    service: 'infoCategory',
    summary: 'Update an information category (also its enable switch)',
    method: 'POST',
    path: '/info/category/update',
    access: Perm.infoTypeUpdate,
    input: categoryUpdateForm,
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  delete: endpoint({
    service: 'infoCategory',
    summary: 'Delete information categories',
    method: 'POST',
    path: '/info/category/delete/:ids',
    access: Perm.infoTypeDelete,
    input: z.object({ ids: rules.idList }),
    output: undoTicket,
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of infoCategory, in the five locales. */
export const infoCategoryNames: EndpointNamesOf<typeof infoCategory> = {
  systems: ['资讯所属系统', 'Systems for information', 'Systeme für Informationen', 'お知らせ情報のシステム', '정보 시스템'],
  list: ['资讯类别列表', 'Information category list', 'Informationskategorien', '情報カテゴリー一覧', '정보 분류 목록'],
  info: ['资讯类别详情', 'Information category details', 'Details der Informationskategorie', '情報カテゴリー詳細', '정보 분류 상세'],
  add: ['新增资讯类别', 'Add information category', 'Informationskategorie hinzufügen', '情報カテゴリー追加', '정보 분류 추가'],
  update: ['修改资讯类别', 'Update information category', 'Informationskategorie ändern', '情報カテゴリー更新', '정보 분류 수정'],
  delete: ['删除资讯类别', 'Delete information categories', 'Informationskategorien löschen', '情報カテゴリー削除', '정보 분류 삭제'],
};

/** The fields of the information category snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const infoCategorySnapshotFields = {
  ...RECORD_FIELDS,
  systemCode: { label: 'common.ownedBySystem', ref: 'menu' },
  name: { label: 'infoCategory.name' },
  haveImage: { label: 'infoCategory.haveImage' },
  imageDesc: { label: 'infoCategory.imageDesc' },
  enable: { label: 'infoCategory.enable' },
} as const satisfies SnapshotFieldTable;
