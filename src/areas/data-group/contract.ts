import { z } from 'zod';
import { Perm } from '../../shared/permissions';
import { dataGroupRules, Limits, pageOf, rules } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Data groups, organs and classifications (spec 001 §2 /groupManage, /organManage, /classifyManage, §3
 * "Entities known only by label", issue 12). Numbers are unique among their kind (letters, digits, - and _,
 * compared without regard to case). A group with organs, or a classification a user's data authority holds,
 * is not deleted: the refusal names where it is used. Classifications are what the user form's data
 * authority offers: one of an organisation is offered to users of that organisation and those below it, one
 * without an organisation to every user.
 */

const versionField = { version: rules.version };

/** A group or organ chosen in a form: required. */
const chosenId = z.number({ error: 'validation.required' }).int({ message: 'validation.id' }).positive({ message: 'validation.required' }).max(Limits.idMax, { message: 'validation.idRange' });

const groupFields = { name: dataGroupRules.name, number: dataGroupRules.number, remark: dataGroupRules.remark };
export const groupForm = z.object(groupFields);
export type GroupForm = z.input<typeof groupForm>;
export const groupUpdateForm = z.object({ id: rules.id, ...groupFields, ...versionField });
export type GroupUpdateForm = z.input<typeof groupUpdateForm>;

const organFields = { name: dataGroupRules.name, number: dataGroupRules.number, groupId: chosenId, remark: dataGroupRules.remark };
export const organForm = z.object(organFields);
export type OrganForm = z.input<typeof organForm>;
export const organUpdateForm = z.object({ id: rules.id, ...organFields, ...versionField });
export type OrganUpdateForm = z.input<typeof organUpdateForm>;

const classificationFields = {
  name: dataGroupRules.name,
  number: dataGroupRules.number,
  type: dataGroupRules.classificationType,
  /** The owning organisation; null: every organisation (only a role over all organisations may choose it). */
  deptId: rules.id.nullable().default(null),
  remark: dataGroupRules.remark,
};
export const classificationForm = z.object(classificationFields);
export type ClassificationForm = z.input<typeof classificationForm>;
export const classificationUpdateForm = z.object({ id: rules.id, ...classificationFields, ...versionField });
export type ClassificationUpdateForm = z.input<typeof classificationUpdateForm>;

export const groupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  remark: z.string(),
  /** Organs in the group. */
  organCount: z.number().int(),
  /** ISO 8601. */
  createTime: z.string(),
  version: z.number().int(),
});
export type GroupRow = z.infer<typeof groupRow>;

export const groupOption = z.object({ id: z.number().int(), name: z.string(), number: z.string() });
export type GroupOption = z.infer<typeof groupOption>;

export const organRow = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  /** Null only for an organ saved before groups were required. */
  groupId: z.number().int().nullable(),
  groupName: z.string(),
  remark: z.string(),
  createTime: z.string(),
  version: z.number().int(),
});
export type OrganRow = z.infer<typeof organRow>;

/**
 * The classification types the console names in every language (the seed's and the ones people use most); a
 * classification's type is free text (spec 001 §3), and any other text shows as it was typed.
 */
export const KNOWN_CLASSIFICATION_TYPES = ['business', 'finance', 'customer', 'operations', 'personnel'] as const;
export type KnownClassificationType = (typeof KNOWN_CLASSIFICATION_TYPES)[number];

export function isKnownClassificationType(type: string): type is KnownClassificationType {
  return (KNOWN_CLASSIFICATION_TYPES as readonly string[]).includes(type);
}

export const classificationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  type: z.string(),
  deptId: z.number().int().nullable(),
  /** '' when the classification belongs to every organisation. */
  deptName: z.string(),
  remark: z.string(),
  /** Users whose data authority holds it. */
  holderCount: z.number().int(),
  createTime: z.string(),
  version: z.number().int(),
});
export type ClassificationRow = z.infer<typeof classificationRow>;

const saved = z.object({ id: z.number().int(), version: z.number().int() });

export const dataGroup = {
  groupList: endpoint({
    service: 'dataGroup',
    summary: 'Data groups by name and number, a page at a time',
    method: 'POST',
    path: '/sys/dataGroup/list',
    access: Perm.dataGroupView,
    mutation: false,
    input: z.object({ page: rules.page, limit: rules.limit, name: rules.filterText, number: rules.filterText }),
    output: pageOf(groupRow),
  }),
  groupOptions: endpoint({
    service: 'dataGroup',
    summary: "Every data group, for the organ form's group select and the organ list's filter",
    method: 'POST',
    path: '/sys/dataGroup/options',
    access: Perm.organView,
    mutation: false,
    input: z.object({}),
    output: z.array(groupOption),
  }),
  groupInfo: endpoint({
    service: 'dataGroup',
    summary: 'One data group, for the form',
    method: 'GET',
    path: '/sys/dataGroup/info/:id',
    access: Perm.dataGroupView,
    input: z.object({ id: rules.id }),
    output: groupRow,
  }),
  groupAdd: endpoint({
    service: 'dataGroup',
    summary: 'Add a data group',
    method: 'POST',
    path: '/sys/dataGroup/save',
    access: Perm.dataGroupSave,
    input: groupForm,
    output: saved,
  }),
  groupUpdate: endpoint({
    service: 'dataGroup',
    summary: 'Update a data group',
    method: 'POST',
    path: '/sys/dataGroup/update',
    access: Perm.dataGroupSave,
    input: groupUpdateForm,
    output: saved,
  }),
  groupDelete: endpoint({
    service: 'dataGroup',
    summary: 'Delete data groups that no organ belongs to',
    method: 'POST',
    path: '/sys/dataGroup/delete',
    access: Perm.dataGroupDelete,
    input: z.object({ ids: rules.idList }),
    output: undoTicket,
  }),
  organList: endpoint({
    service: 'dataGroup',
    summary: 'Organs by name, number and group, a page at a time',
    method: 'POST',
    path: '/sys/dataOrgan/list',
    access: Perm.organView,
    mutation: false,
    input: z.object({ page: rules.page, limit: rules.limit, name: rules.filterText, number: rules.filterText, groupId: rules.id.nullish() }),
    output: pageOf(organRow),
  }),
  organInfo: endpoint({
    service: 'dataGroup',
    summary: 'One organ, for the form',
    method: 'GET',
    path: '/sys/dataOrgan/info/:id',
    access: Perm.organView,
    input: z.object({ id: rules.id }),
    output: organRow,
  }),
  organAdd: endpoint({
    service: 'dataGroup',
    summary: 'Add an organ to a data group',
    method: 'POST',
    path: '/sys/dataOrgan/save',
    access: Perm.organSave,
    input: organForm,
    output: saved,
  }),
  organUpdate: endpoint({
    service: 'dataGroup',
    summary: 'Update an organ',
    method: 'POST',
    path: '/sys/dataOrgan/update',
    access: Perm.organSave,
    input: organUpdateForm,
    output: saved,
  }),
  organDelete: endpoint({
    service: 'dataGroup',
    summary: 'Delete organs',
    method: 'POST',
    path: '/sys/dataOrgan/delete',
    access: Perm.organDelete,
    input: z.object({ ids: rules.idList }),
    output: undoTicket,
  }),
  classificationList: endpoint({
    service: 'dataGroup',
    summary: "Classifications of the role's organisations and those of every organisation, by name, number, type and organisation",
    method: 'POST',
    path: '/sys/dataAuthorityClassification/list',
    access: Perm.classifyView,
    mutation: false,
    input: z.object({
      page: rules.page,
      limit: rules.limit,
      name: rules.filterText,
      number: rules.filterText,
      type: rules.filterText,
      /** The chosen organisation and those below it; without it, the role's organisations and the classifications of every organisation. */
      deptId: rules.id.nullish(),
    }),
    output: pageOf(classificationRow),
  }),
  classificationInfo: endpoint({
    service: 'dataGroup',
    summary: 'One classification, for the form',
    method: 'GET',
    path: '/sys/dataAuthorityClassification/info/:id',
    access: Perm.classifyView,
    input: z.object({ id: rules.id }),
    output: classificationRow,
  }),
  classificationAdd: endpoint({
    service: 'dataGroup',
    summary: 'Add a classification',
    method: 'POST',
    path: '/sys/dataAuthorityClassification/save',
    access: Perm.classifySave,
    input: classificationForm,
    output: saved,
  }),
  classificationUpdate: endpoint({
    service: 'dataGroup',
    summary: 'Update a classification',
    method: 'POST',
    path: '/sys/dataAuthorityClassification/update',
    access: Perm.classifySave,
    input: classificationUpdateForm,
    output: saved,
  }),
  classificationDelete: endpoint({
    service: 'dataGroup',
    summary: "Delete classifications that no user's data authority holds",
    method: 'POST',
    path: '/sys/dataAuthorityClassification/delete',
    access: Perm.classifyDelete,
    input: z.object({ ids: rules.idList }),
    output: undoTicket,
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of dataGroup, in the five locales. */
export const dataGroupNames: EndpointNamesOf<typeof dataGroup> = {
  groupList: ['数据组列表', 'Data group list', 'Datengruppenliste', 'データグループ一覧', '데이터 그룹 목록'],
  groupOptions: ['数据组选项', 'Data group options', 'Datengruppen zur Auswahl', 'データグループの選択肢', '데이터 그룹 선택지'],
  groupInfo: ['数据组详情', 'Data group details', 'Datengruppendetails', 'データグループ詳細', '데이터 그룹 상세'],
  groupAdd: ['新增数据组', 'Add data group', 'Datengruppe hinzufügen', 'データグループ追加', '데이터 그룹 추가'],
  groupUpdate: ['修改数据组', 'Update data group', 'Datengruppe ändern', 'データグループ更新', '데이터 그룹 수정'],
  groupDelete: ['删除数据组', 'Delete data groups', 'Datengruppen löschen', 'データグループ削除', '데이터 그룹 삭제'],
  organList: ['组织机构列表', 'Organ list', 'Organliste', 'オルガン一覧', '기관 목록'],
  organInfo: ['组织机构详情', 'Organ details', 'Organdetails', 'オルガン詳細', '기관 상세'],
  organAdd: ['新增组织机构', 'Add organ', 'Organ hinzufügen', 'オルガン追加', '기관 추가'],
  organUpdate: ['修改组织机构', 'Update organ', 'Organ ändern', 'オルガン更新', '기관 수정'],
  organDelete: ['删除组织机构', 'Delete organs', 'Organe löschen', 'オルガン削除', '기관 삭제'],
  classificationList: ['数据分类列表', 'Classification list', 'Klassifikationsliste', 'データ分類一覧', '데이터 분류 목록'],
  classificationInfo: ['数据分类详情', 'Classification details', 'Klassifikationsdetails', 'データ分類詳細', '데이터 분류 상세'],
  classificationAdd: ['新增数据分类', 'Add classification', 'Klassifikation hinzufügen', 'データ分類追加', '데이터 분류 추가'],
  classificationUpdate: ['修改数据分类', 'Update classification', 'Klassifikation ändern', 'データ分類更新', '데이터 분류 수정'],
  classificationDelete: ['删除数据分类', 'Delete classifications', 'Klassifikationen löschen', 'データ分類削除', '데이터 분류 삭제'],
};

/** The fields of the data group, organ or classification snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const dataGroupSnapshotFields = {
  ...RECORD_FIELDS,
  name: { label: 'common.name' },
  number: { label: 'dataGroup.number' },
  type: { label: 'common.type' },
  deptId: { label: 'common.organisation', ref: 'dept' },
  deptName: { label: 'dept.field.name' },
  groupId: { label: 'dataGroup.organ.group', ref: 'dataGroup' },
  groupName: { label: 'operationLog.snapshot.groupName' },
  remark: { label: 'common.remark' },
} as const satisfies SnapshotFieldTable;
