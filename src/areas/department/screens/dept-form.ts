import { DeptType, IdCardSlot } from '../../../shared/constants';
import { deptForm, type DeptForm, type DeptRecord } from '../contract';
import { issuesByField, splitFieldMessage } from '../../../renderer/components/form/record-form';
import type { RuleMessageKey } from '../../../renderer/i18n/message-key';

/**
 * The organisation form's values and rules (spec 001 §3, §5). The rules are the contract's own (`deptForm`,
 * the schema the server validates with); the company-only fields and the ID-card images apply to a company
 * (deptType '0') only, and a department sends them empty.
 */

export type DeptTypeValue = (typeof DeptType)[keyof typeof DeptType];

export type DeptFormValues = {
  name: string;
  deptType: DeptTypeValue | '';
  parentId: number | null;
  /** As typed; blank means 0. */
  orderNum: string;
  businessCentre: boolean;
  deptPerson: string;
  telephone: string;
  companyAddress: string;
  remake: string;
  companyType: number | null;
  companyCode: string;
  /** YYYY-MM-DD or blank. */
  establishTime: string;
  legalPerson: string;
  registeredCapital: string;
  registeredAddress: string;
  idCardFront: number | null;
  idCardBack: number | null;
};

export type DeptField = keyof DeptFormValues;

export const COMPANY_ONLY_FIELDS = ['companyCode', 'establishTime', 'legalPerson', 'registeredCapital', 'registeredAddress', 'idCardFront', 'idCardBack'] as const satisfies readonly DeptField[];

export function newDeptValues(parentId: number | null): DeptFormValues {
  return {
    name: '',
    deptType: '',
    parentId,
    orderNum: '0',
    businessCentre: false,
    deptPerson: '',
    telephone: '',
    companyAddress: '',
    remake: '',
    companyType: null,
    companyCode: '',
    establishTime: '',
    legalPerson: '',
    registeredCapital: '',
    registeredAddress: '',
    idCardFront: null,
    idCardBack: null,
  };
}

export const DEPT_FIELDS = Object.keys(newDeptValues(null)) as DeptField[];

function isDeptField(name: string): name is DeptField {
  return (DEPT_FIELDS as string[]).includes(name);
}

const imageOf = (record: DeptRecord, slot: number) => record.sysDeptResourceEntityList.find((image) => image.slot === slot)?.resourceid ?? null;

export function valuesOfRecord(record: DeptRecord): DeptFormValues {
  return {
    name: record.name,
    deptType: record.deptType === DeptType.Company ? DeptType.Company : DeptType.Department,
    parentId: record.parentId,
    orderNum: String(record.orderNum),
    businessCentre: record.businessCentre,
    deptPerson: record.deptPerson,
    telephone: record.telephone,
    companyAddress: record.companyAddress,
    remake: record.remake,
    companyType: record.companyType,
    companyCode: record.companyCode,
    establishTime: record.establishTime ?? '',
    legalPerson: record.legalPerson,
    registeredCapital: record.registeredCapital,
    registeredAddress: record.registeredAddress,
    idCardFront: imageOf(record, IdCardSlot.Front),
    idCardBack: imageOf(record, IdCardSlot.Back),
  };
}

export function isCompany(values: Pick<DeptFormValues, 'deptType'>): boolean {
  return values.deptType === DeptType.Company;
}

/** The fields the form shows: the company-only ones for a company (spec 001 §4). */
export function shownFields(values: Pick<DeptFormValues, 'deptType'>): readonly DeptField[] {
  const companyOnly = new Set<DeptField>(COMPANY_ONLY_FIELDS);
  return isCompany(values) ? DEPT_FIELDS : DEPT_FIELDS.filter((field) => !companyOnly.has(field));
}

/** Blank is 0; text that is no number becomes -1, which the contract refuses with its own message. */
function orderNumOf(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isNaN(value) ? -1 : value;
}

/** What the form sends; a department sends the company-only fields empty. */
export function deptPayload(values: DeptFormValues): DeptForm {
  const company = isCompany(values);
  const images = [
    { slot: IdCardSlot.Front, resourceid: values.idCardFront },
    { slot: IdCardSlot.Back, resourceid: values.idCardBack },
  ].filter((image): image is { slot: 0 | 1; resourceid: number } => image.resourceid !== null);
  return {
    name: values.name,
    // Blank stays blank: the contract answers 'please select organization type'.
    deptType: values.deptType as DeptTypeValue,
    parentId: values.parentId,
    orderNum: orderNumOf(values.orderNum),
    businessCentre: values.businessCentre,
    deptPerson: values.deptPerson,
    telephone: values.telephone,
    companyAddress: values.companyAddress,
    remake: values.remake,
    companyType: values.companyType,
    companyCode: company ? values.companyCode : '',
    establishTime: company ? values.establishTime : '',
    legalPerson: company ? values.legalPerson : '',
    registeredCapital: company ? values.registeredCapital : '',
    registeredAddress: company ? values.registeredAddress : '',
    sysDeptResourceEntityList: company ? images : [],
  };
}

/** The contract's verdict on the form: the i18n key of the first issue of each field. */
export function contractIssues(values: DeptFormValues): Partial<Record<DeptField, RuleMessageKey>> {
  return issuesByField(deptForm, deptPayload(values), DEPT_FIELDS);
}

/** A refusal the server pinned on a field ('parentId: …'), split so the screen can name the field in its own words. */
export function fieldOfServerMessage(msg: string): { field: DeptField; text: string } | null {
  const pinned = splitFieldMessage(msg);
  if (!pinned) return null;
  if (pinned.field === 'sysDeptResourceEntityList') return { field: 'idCardFront', text: pinned.text };
  return isDeptField(pinned.field) ? { field: pinned.field, text: pinned.text } : null;
}

/** The parent a new organisation starts with (spec 001 §2, §4): the chosen row, else the user's top organisation unless the role sees every organisation. */
export function initialParent(pardId: string | undefined, roleType: number, topDeptId: number | null, allOrganisationsType: number): number | null {
  const chosen = pardId !== undefined && /^[1-9]\d*$/.test(pardId) ? Number(pardId) : null;
  if (chosen !== null) return chosen;
  return roleType === allOrganisationsType ? null : topDeptId;
}
