import { z } from 'zod';
import { DeptType, IdCardSlot } from '../../shared/constants';
import { Perm } from '../../shared/permissions';
import { choice, DeptLimits, DeptPatterns, rules } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import { deptListEntry } from '../user/contract';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Organisation management (spec 001 §2 /department and /depManage/{deptId}/{pardId}, §3 Department, §5
 * Department form and list, §7 Organisation). Every read and write stays inside the organisations of the
 * current role. The look-ups the screens share with the user screens (trees, top companies) are in user.ts.
 */

export const deptType = z.enum([DeptType.Company, DeptType.Department], { error: (issue) => (issue.input === undefined || issue.input === '' ? 'validation.orgTypeRequired' : 'validation.oneOf') });

const optionalText = (max: number) => z.string({ error: 'validation.type' }).trim().max(max, { message: 'validation.tooLong' }).default('');

/** The latest calendar day anywhere on earth now (UTC+14): no user's "today" lies after it. */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!DeptPatterns.date.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export const deptRules = {
  name: z
    .string({ error: 'validation.orgNameRequired' })
    .trim()
    .min(1, { message: 'validation.orgNameRequired' })
    .min(DeptLimits.nameMin, { message: 'validation.orgNameLength' })
    .max(DeptLimits.nameMax, { message: 'validation.orgNameLength' }),
  telephone: optionalText(DeptLimits.telephoneMax).refine((s) => DeptPatterns.telephone.test(s), { message: 'validation.telephone' }),
  companyCode: optionalText(18).refine((s) => s === '' || DeptPatterns.companyCode.test(s), { message: 'validation.companyCode' }),
  /** Empty, or a day not later than today (spec 001 §5). */
  establishTime: z
    .string({ error: 'validation.date' })
    .trim()
    .refine((s) => s === '' || isCalendarDate(s), { message: 'validation.date' })
    .refine((s) => s === '' || s <= latestToday(), { message: 'validation.establishAfterToday' })
    .nullish()
    .transform((s) => (s ? s : null)),
} as const;

/** One ID-card image of a company: the uploaded file (purpose idCard) and its side. */
export const idCardImage = z.object({
  slot: choice([IdCardSlot.Front, IdCardSlot.Back]),
  resourceid: rules.id,
});

const deptFields = z.object({
  name: deptRules.name,
  deptType,
  /** The last value of the parent cascader; empty makes a top organisation (only a role that sees every organisation may). */
  parentId: rules.id.nullish(),
  orderNum: rules.orderNum.default(0),
  /** Offered in the service-centre tree. */
  businessCentre: z.boolean({ error: 'validation.type' }).default(false),
  deptPerson: optionalText(DeptLimits.personMax),
  telephone: deptRules.telephone,
  companyAddress: optionalText(DeptLimits.addressMax),
  /** Remarks (the spec's field name). */
  remake: optionalText(DeptLimits.remarkMax),
  /** A company chosen from the companies the role sees (spec 001 §3 "chosen from a list of departments"). */
  companyType: rules.id.nullish(),
  // Company only (deptType '0'): a department stores them empty.
  companyCode: deptRules.companyCode,
  establishTime: deptRules.establishTime,
  legalPerson: optionalText(DeptLimits.legalPersonMax),
  registeredCapital: optionalText(DeptLimits.registeredCapitalMax),
  registeredAddress: optionalText(DeptLimits.addressMax),
  /** The legal person's ID card, front and back. */
  sysDeptResourceEntityList: z.array(idCardImage).max(2, { message: 'validation.idListTooMany' }).default([]),
});

function checkDeptForm(form: z.output<typeof deptFields>, ctx: z.RefinementCtx): void {
  const slots = form.sysDeptResourceEntityList.map((image) => image.slot);
  if (new Set(slots).size !== slots.length) ctx.addIssue({ code: 'custom', path: ['sysDeptResourceEntityList'], message: 'validation.duplicate', input: form });
}

export const deptForm = deptFields.superRefine(checkDeptForm);
export type DeptForm = z.input<typeof deptForm>;

export const deptUpdateForm = deptFields.extend({ deptId: rules.id, version: rules.version }).superRefine(checkDeptForm);
export type DeptUpdateForm = z.input<typeof deptUpdateForm>;

export const deptRecord = z.object({
  deptId: z.number().int(),
  parentId: z.number().int().nullable(),
  parentName: z.string(),
  name: z.string(),
  deptType: z.string(),
  orderNum: z.number().int(),
  status: z.number().int(),
  businessCentre: z.boolean(),
  deptPerson: z.string(),
  telephone: z.string(),
  companyAddress: z.string(),
  remake: z.string(),
  companyType: z.number().int().nullable(),
  companyTypeName: z.string(),
  companyCode: z.string(),
  /** YYYY-MM-DD, or null. */
  establishTime: z.string().nullable(),
  legalPerson: z.string(),
  registeredCapital: z.string(),
  registeredAddress: z.string(),
  /** `resourceurl` is the file's API address (fileApiUrl); a window shows it through the bridge's files.url. */
  sysDeptResourceEntityList: z.array(z.object({ slot: z.number().int(), resourceid: z.number().int(), resourceurl: z.string() })),
  createName: z.string(),
  createTime: z.string(),
  version: z.number().int(),
});
export type DeptRecord = z.infer<typeof deptRecord>;

export const dept = {
  list: endpoint({
    service: 'organisation',
    summary: 'Organisations of a subtree inside the current role, flat with parentId',
    method: 'POST',
    path: '/sys/dept/manage/list',
    access: Perm.deptView,
    mutation: false,
    input: z.object({
      /** The organisation chosen in the filter: it and everything below it (inside the role). */
      deptId: rules.id.nullish(),
      name: rules.filterText,
      deptPerson: rules.filterText,
    }),
    output: z.array(deptListEntry),
  }),
  info: endpoint({
    service: 'organisation',
    summary: 'One organisation, for the form',
    method: 'POST',
    path: '/sys/dept/info/:deptId',
    access: Perm.deptView,
    mutation: false,
    input: z.object({ deptId: rules.id }),
    output: deptRecord,
  }),
  add: endpoint({
    service: 'organisation',
    summary: 'Add an organisation',
    method: 'POST',
    path: '/sys/dept/save',
    access: Perm.deptSave,
    input: deptForm,
    output: z.object({ deptId: z.number().int() }),
  }),
  update: endpoint({
    service: 'organisation',
    summary: 'Update an organisation',
    method: 'POST',
    path: '/sys/dept/update',
    access: Perm.deptUpdate,
    input: deptUpdateForm,
    output: z.object({ deptId: z.number().int(), version: z.number().int() }),
  }),
  delete: endpoint({
    service: 'organisation',
    summary: 'Delete organisations',
    method: 'POST',
    path: '/sys/dept/delete',
    access: Perm.deptDelete,
    input: z.object({ deptIds: rules.idList }),
    output: undoTicket,
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of dept, in the five locales. */
export const deptNames: EndpointNamesOf<typeof dept> = {
  list: ['机构子树列表', 'Organisation subtree', 'Organisations-Teilbaum', '組織サブツリー', '조직 하위 트리'],
  info: ['机构详情', 'Organisation details', 'Organisationsdetails', '組織詳細', '조직 상세'],
  add: ['新增机构', 'Add organisation', 'Organisation hinzufügen', '組織追加', '조직 추가'],
  update: ['修改机构', 'Update organisation', 'Organisation ändern', '組織更新', '조직 수정'],
  delete: ['删除机构', 'Delete organisations', 'Organisationen löschen', '組織削除', '조직 삭제'],
};

/** The fields of the organisation snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const deptSnapshotFields = {
  ...RECORD_FIELDS,
  deptId: { label: 'operationLog.snapshot.id' },
  parentId: { label: 'dept.field.parentId', ref: 'dept' },
  name: { label: 'dept.field.name' },
  deptType: { label: 'dept.field.deptType' },
  orderNum: { label: 'dept.field.orderNum' },
  status: { label: 'common.status' },
  businessCentre: { label: 'dept.field.businessCentre' },
  deptPerson: { label: 'dept.field.deptPerson' },
  telephone: { label: 'dept.field.telephone' },
  companyAddress: { label: 'dept.field.companyAddress' },
  remake: { label: 'dept.field.remake' },
  companyType: { label: 'dept.field.companyType' },
  companyCode: { label: 'dept.field.companyCode' },
  establishTime: { label: 'dept.field.establishTime' },
  legalPerson: { label: 'dept.field.legalPerson' },
  registeredCapital: { label: 'dept.field.registeredCapital' },
  registeredAddress: { label: 'dept.field.registeredAddress' },
  idCardImages: { label: 'operationLog.snapshot.idCardImages', fields: { slot: { label: 'operationLog.snapshot.slot' }, fileId: { label: 'operationLog.snapshot.file', ref: 'file' } } },
} as const satisfies SnapshotFieldTable;
