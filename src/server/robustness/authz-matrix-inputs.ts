import type { z } from 'zod';
import { FilePurpose } from '../../shared/constants';
import type { EndpointDef } from '../../shared/contract';
import { UploadedFile } from '../../shared/contract/file';
import { PNG_1PX } from '../platform/file/test-files';

/**
 * Inputs of the authorisation matrix. Each endpoint is called with a baseline input its contract accepts, so a
 * refusal is about who calls and never about what was sent: the baseline is sampled from the endpoint's input
 * schema (required fields only), with a small table of overrides where sampling cannot satisfy a rule; an
 * endpoint neither covers fails the suite. Endpoints taking ids of organisation-scoped records are also
 * called with ids of records outside the caller's organisations.
 */

/** Records the matrix's callers must not reach, and ids the overrides need. */
export interface MatrixFixtures {
  /** A user of 华南分公司 (outside 华东分公司, the callers' organisation). */
  southUserId: number;
  southUsername: string;
  /** 华南分公司 and one of its departments. */
  southDeptId: number;
  southSubDeptId: number;
  /** 华东分公司, the callers' organisation, and one of its departments. */
  eastDeptId: number;
  eastSubDeptId: number;
  /** A role of 华南分公司. */
  southRoleId: number;
  /** The role the scope cases' caller acts in (of 华东分公司, holding every key). */
  ownRoleId: number;
  /** A role the callers do not hold (the administrators' role). */
  foreignRoleId: number;
  /** A sign-in (token family) of the 华南 user. */
  southFamilyId: string;
  /** An ID-card image used by 华南分公司. */
  southFileId: number;
  /** An operation-log row and an interface-log row of the head office's administrator. */
  headOfficeOperationLogId: number;
  headOfficeInterfaceLogId: number;
  /** The console's own system (menu id), for endpoints naming a system. */
  consoleSystemId: number;
  /** A page of the console's own system. */
  consolePageId: number;
  /** A notice of the head office to 华南分公司. */
  southNoticeId: number;
  /** A data-authority classification of 华南分公司. */
  southClassificationId: number;
  /** An SMS batch sent from 华南分公司. */
  southSmsBatchId: number;
  /** A mail sent from 华南分公司. */
  southMailId: number;
  /** A message system of 华南分公司 and its message API key. */
  southMessageSystemId: number;
  southMessageKeyId: number;
}

type Sample = { value: unknown } | null;

const STRING_CANDIDATES = ['matrix', 'Matrix_2026a', 'matrix01', '1', '2026-11-01', '2026-11', '2026-11-01T00:00:00.000Z', 'matrix@example.com', 'matrix-0000000000000000', '0'.repeat(64)];
const NUMBER_CANDIDATES = [1, 60, 3600, 0];

function defOf(schema: z.ZodType): { type: string } & Record<string, unknown> {
  return (schema as unknown as { _zod: { def: { type: string } & Record<string, unknown> } })._zod.def;
}

function accepts(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

function first(schema: z.ZodType, candidates: readonly unknown[]): Sample {
  const found = candidates.find((candidate) => accepts(schema, candidate));
  return found === undefined ? null : { value: found };
}

/** The fields of an object schema, also through pipes and intersections; null for anything else. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
  if (def.type === 'pipe') return shapeOf(def.in as z.ZodType);
  if (def.type === 'intersection') {
    const left = shapeOf(def.left as z.ZodType);
    const right = shapeOf(def.right as z.ZodType);
    return left && right ? { ...left, ...right } : null;
  }
  return null;
}

function isOptional(schema: z.ZodType): boolean {
  return ['optional', 'default', 'prefault'].includes(defOf(schema).type) || accepts(schema, undefined);
}

/** A value `schema` accepts, or null when sampling finds none (then the endpoint needs an override). */
function sample(schema: z.ZodType): Sample {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
    case 'intersection': {
      const shape = shapeOf(schema);
      if (!shape) return null;
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        if (isOptional(field)) continue;
        const value = sample(field);
        if (!value) return null;
        out[key] = value.value;
      }
      return accepts(schema, out) ? { value: out } : null;
    }
    case 'pipe':
      return first(
        schema,
        [sample(def.in as z.ZodType)?.value, ...STRING_CANDIDATES, ...NUMBER_CANDIDATES].filter((v) => v !== undefined),
      );
    case 'nullable':
      return { value: null };
    case 'literal':
      return { value: (def.values as unknown[])[0] };
    case 'enum':
      return { value: Object.values(def.entries as Record<string, unknown>)[0] };
    case 'union':
      for (const option of def.options as z.ZodType[]) {
        const value = sample(option);
        if (value && accepts(schema, value.value)) return value;
      }
      return null;
    case 'string':
      return first(schema, STRING_CANDIDATES);
    case 'number':
      return first(schema, NUMBER_CANDIDATES);
    case 'boolean':
      return { value: false };
    case 'array':
      return first(schema, [[], [sample(def.element as z.ZodType)?.value]]);
    case 'lazy':
      return sample((def.getter as () => z.ZodType)());
    default:
      return null;
  }
}

/** Baselines sampling cannot build: rules across fields, sealed passwords, a file. */
export const BASELINE_OVERRIDES: Record<string, (f: MatrixFixtures, sealed: string) => Record<string, unknown>> = {
  'session.changePassword': (_f, sealed) => ({ password: sealed, newPassword: sealed }),
  'user.add': (f, sealed) => ({ username: 'matrixnew', name: 'Matrix', deptId: f.eastDeptId, password: sealed }),
  'file.upload': () => ({ purpose: FilePurpose.IdCard, file: new UploadedFile('id-card.png', PNG_1PX) }),
  'notice.send': (f) => noticeTo({ audienceType: 'org', audienceDeptId: f.eastDeptId }),
  'push.providerAdd': (_f, sealed) => ({ alias: 'Matrix push', appKey: '0'.repeat(24), secret: sealed }),
  'push.providerUpdate': () => ({ id: 1, version: 1, alias: 'Matrix push', appKey: '0'.repeat(24) }),
  'mail.accountAdd': (_f, sealed) => ({ host: 'smtp.example.com', port: '465', ssl: true, protocol: 'smtp', account: 'matrix@example.com', secret: sealed }),
  'mail.accountUpdate': (_f, sealed) => ({ id: 1, version: 1, host: 'smtp.example.com', port: '465', ssl: true, protocol: 'smtp', account: 'matrix@example.com', secret: sealed }),
  // A token no delete gave: the undo is refused as unknown (A0404) after the access checks the matrix is about.
  'undo.restore': () => ({ undoKey: 'M'.repeat(43) }),
};

/** A notice the server would publish (its window ends a week after the real clock) to `audience`. */
function noticeTo(audience: Record<string, unknown>): Record<string, unknown> {
  return { title: 'Matrix notice', content: 'matrix', audienceType: 'all', endTime: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(), ...audience };
}

/** The baseline input of an endpoint, or null when neither sampling nor an override gives one its contract accepts. */
export function baselineInput(id: string, def: EndpointDef, fixtures: MatrixFixtures, sealed: string): Record<string, unknown> | null {
  const override = BASELINE_OVERRIDES[id];
  const input = override ? override(fixtures, sealed) : sample(def.input)?.value;
  if (input === undefined || input === null || typeof input !== 'object') return null;
  return accepts(def.input, input) ? (input as Record<string, unknown>) : null;
}

type MatrixInput = Record<string, unknown>;

/**
 * Inputs naming a record outside the caller's organisations (华东分公司), by endpoint (one or several): each
 * must be refused with A0302. A roleId the caller does not hold counts too: one role's scope never pairs with
 * another's.
 */
export const SCOPE_CASES: Record<string, (f: MatrixFixtures, sealed: string) => MatrixInput | MatrixInput[]> = {
  'session.roleInfo': (f) => ({ roleId: f.foreignRoleId }),
  'session.nav': (f) => ({ roleId: f.foreignRoleId, menuId: f.consoleSystemId }),
  'session.buttons': (f) => ({ roleId: f.foreignRoleId, menuId: f.consolePageId }),
  'session.grantStamp': (f) => ({ roleId: f.foreignRoleId }),
  'menu.appsByRole': (f) => ({ roleId: f.foreignRoleId }),
  'menu.singleNav': (f) => ({ roleId: f.foreignRoleId, menuId: f.consoleSystemId, appName: 'matrix' }),
  'menu.list': (f) => ({ roleId: f.foreignRoleId }),
  'user.list': (f) => ({ deptId: f.southDeptId }),
  'user.info': (f) => ({ userId: f.southUserId }),
  'user.add': (f, sealed) => ({ username: 'matrixnew', name: 'Matrix', deptId: f.southSubDeptId, password: sealed }),
  'user.update': (f) => ({ userId: f.southUserId, version: 1, username: f.southUsername, name: 'Matrix', deptId: f.southDeptId }),
  'user.delete': (f) => ({ userIds: String(f.southUserId) }),
  'user.resetPassword': (f) => ({ userId: f.southUserId }),
  'user.changeTopDept': (f) => ({ username: f.southUsername, topDeptId: f.eastDeptId }),
  'user.classificationsByDept': (f) => ({ deptId: f.southDeptId }),
  'user.topCompanies': (f) => ({ roleId: f.foreignRoleId }),
  'user.deptTree': (f) => ({ roleId: f.foreignRoleId, type: 1 }),
  'user.rolesByDept': (f) => ({ deptId: f.southDeptId }),
  'user.rolesByUser': (f) => ({ userId: f.southUserId }),
  'serviceCenter.unboundUsers': (f) => ({ roleId: f.foreignRoleId }),
  'serviceCenter.binding': (f) => ({ userId: f.southUserId }),
  'serviceCenter.save': (f) => ({ userIds: String(f.southUserId), deptIds: String(f.eastSubDeptId) }),
  'serviceCenter.update': (f) => ({ userIds: [f.southUserId], deptIds: String(f.eastSubDeptId) }),
  'serviceCenter.delete': (f) => ({ userIds: String(f.southUserId) }),
  'role.list': (f) => ({ deptId: f.southDeptId }),
  'role.info': (f) => ({ roleId: f.southRoleId }),
  'role.add': (f) => ({ roleName: 'Matrix role', deptId: f.southDeptId }),
  'role.update': (f) => ({ roleId: f.southRoleId, version: 1, roleName: 'Matrix role', deptId: f.southDeptId }),
  'role.delete': (f) => ({ roleIds: String(f.southRoleId) }),
  'role.grantableMenus': (f) => ({ userRoleId: f.foreignRoleId, deptId: f.eastDeptId }),
  'role.preview': (f) => ({ roleId: f.southRoleId }),
  'resource.depts': (f) => ({ roleId: f.foreignRoleId }),
  'resource.byDept': (f) => ({ deptId: f.southDeptId }),
  'resource.tree': (f) => ({ deptId: f.southDeptId, sysId: f.consoleSystemId }),
  'resource.preview': (f) => ({ deptId: f.southDeptId, sysIdList: [{ sysId: f.consoleSystemId, menuIdList: [] }], stamp: 'matrix' }),
  'resource.save': (f) => ({ deptId: f.southDeptId, sysIdList: [{ sysId: f.consoleSystemId, menuIdList: [] }], stamp: 'matrix' }),
  'dept.list': (f) => ({ deptId: f.southDeptId }),
  'dept.info': (f) => ({ deptId: f.southDeptId }),
  'dept.add': (f) => ({ name: 'Matrix dept', deptType: '1', parentId: f.southDeptId }),
  'dept.update': (f) => ({ deptId: f.southSubDeptId, version: 1, name: 'Matrix dept', deptType: '1', parentId: f.southDeptId }),
  'dept.delete': (f) => ({ deptIds: String(f.southSubDeptId) }),
  'file.content': (f) => ({ fileId: f.southFileId }),
  'interfaceLog.info': (f) => ({ id: f.headOfficeInterfaceLogId }),
  'interfaceLog.export': (f) => [{ roleId: f.ownRoleId, ids: String(f.headOfficeInterfaceLogId) }, { roleId: f.foreignRoleId }],
  'statistics.endSession': (f) => ({ familyId: f.southFamilyId }),
  'operationLog.export': (f) => ({ vIds: String(f.headOfficeOperationLogId) }),
  'operationLog.references': (f) => ({ id: f.headOfficeOperationLogId }),
  'notice.send': (f) => [noticeTo({ audienceType: 'org', audienceDeptId: f.southDeptId }), noticeTo({ audienceType: 'role', audienceRoleId: f.southRoleId }), noticeTo({ audienceType: 'all' })],
  'notice.info': (f) => ({ id: f.southNoticeId }),
  'notice.withdraw': (f) => ({ id: f.southNoticeId, version: 1 }),
  'dataGroup.classificationList': (f) => ({ deptId: f.southDeptId }),
  'dataGroup.classificationInfo': (f) => ({ id: f.southClassificationId }),
  'dataGroup.classificationAdd': (f) => ({ name: 'Matrix', number: 'MATRIX-NEW', type: 'matrix', deptId: f.southSubDeptId }),
  'dataGroup.classificationUpdate': (f) => [
    { id: f.southClassificationId, version: 1, name: 'Matrix', number: 'MATRIX-SOUTH', type: 'matrix', deptId: f.eastDeptId },
    { id: f.southClassificationId, version: 1, name: 'Matrix', number: 'MATRIX-SOUTH', type: 'matrix', deptId: f.southDeptId },
  ],
  'dataGroup.classificationDelete': (f) => ({ ids: String(f.southClassificationId) }),
  'sms.recordList': (f) => ({ batchId: f.southSmsBatchId }),
  'mail.body': (f) => ({ id: f.southMailId }),
  'messageKey.systemInfo': (f) => ({ id: f.southMessageSystemId }),
  'messageKey.systemAdd': (f) => ({ systemId: 'MATRIXNEW', name: 'Matrix', deptId: f.southSubDeptId, status: 1, channels: ['sms'] }),
  'messageKey.systemUpdate': (f) => [
    { id: f.southMessageSystemId, version: 1, systemId: 'MATRIXSOUTH', name: 'Matrix', deptId: f.eastDeptId, status: 1, channels: ['sms'] },
    { id: f.southMessageSystemId, version: 1, systemId: 'MATRIXSOUTH', name: 'Matrix', deptId: f.southDeptId, status: 1, channels: ['sms'] },
  ],
  'messageKey.systemDelete': (f) => ({ ids: String(f.southMessageSystemId) }),
  'messageKey.keyInfo': (f) => ({ id: f.southMessageKeyId }),
  'messageKey.keyAdd': (f) => ({ messageSystemId: f.southMessageSystemId, status: 1, rateLimit: 60 }),
  'messageKey.keyUpdate': (f) => ({ id: f.southMessageKeyId, version: 1, messageSystemId: f.southMessageSystemId, status: 1, rateLimit: 60 }),
  'messageKey.keyRegenerate': (f) => ({ id: f.southMessageKeyId }),
  'messageKey.keyDelete': (f) => ({ ids: String(f.southMessageKeyId) }),
};

/**
 * Session endpoints whose handler still asks for a key (an upload needs a key of the screen that saves the
 * file; an ID card is read with the organisation view key): a role holding no key is refused with A0301.
 * An entry without an input uses the endpoint's baseline.
 */
export const HANDLER_KEY_CASES: Record<string, ((f: MatrixFixtures) => Record<string, unknown>) | null> = {
  'file.upload': null,
  'file.content': (f) => ({ fileId: f.southFileId }),
  'sms.recordList': null,
};

/**
 * Areas whose records belong to no organisation (shared catalogues, or scoped by the systems a role is
 * granted rather than by organisations): their ids are outside the organisation-scope column of the matrix.
 */
export const UNSCOPED_AREAS: Record<string, string> = {
  dictionary: 'dictionaries are shared by every organisation',
  i18nText: 'multilingual texts are shared by every organisation',
  appCenter: 'OAuth clients are shared by every organisation',
  systemApiKey: 'keys are scoped by the systems the role is granted, not by organisations',
  infoCategory: 'categories are scoped by the systems the role is granted, not by organisations',
  information: 'articles are scoped by the systems the role is granted, not by organisations',
  push: 'push providers are one shared catalogue; push records are listed for the role’s organisations only',
};

/** Single endpoints with id fields that name no organisation-scoped record. */
export const UNSCOPED_ENDPOINTS: Record<string, string> = {
  'menu.info': 'menus are scoped by the systems the role manages, not by organisations',
  'menu.add': 'menus are scoped by the systems the role manages, not by organisations',
  'menu.update': 'menus are scoped by the systems the role manages, not by organisations',
  'menu.delete': 'menus are scoped by the systems the role manages, not by organisations',
  'interfaceLog.export': 'its selection (ids) is covered by the interface-log detail case; roleId is the call’s own role',
  'serviceCenter.list': 'its deptId filters by business centre, and centres are shared: a user in scope may be bound to any',
  'interfaceLog.list': 'the list is filtered to the role’s organisations; roleId is the call’s own role',
  'notice.open': 'a reader opens only the notices that reach them; any other id reads as absent (A0404)',
  'dataGroup.groupInfo': 'data groups and organs are shared catalogues of every organisation',
  'dataGroup.groupUpdate': 'data groups and organs are shared catalogues of every organisation',
  'dataGroup.groupDelete': 'data groups and organs are shared catalogues of every organisation',
  'dataGroup.organList': 'data groups and organs are shared catalogues of every organisation',
  'dataGroup.organInfo': 'data groups and organs are shared catalogues of every organisation',
  'dataGroup.organAdd': 'data groups and organs are shared catalogues of every organisation',
  'dataGroup.organUpdate': 'data groups and organs are shared catalogues of every organisation',
  'dataGroup.organDelete': 'data groups and organs are shared catalogues of every organisation',
  'sms.templateInfo': 'SMS templates and signatures are shared catalogues of every organisation',
  'sms.templateUpdate': 'SMS templates and signatures are shared catalogues of every organisation',
  'sms.templateActivate': 'SMS templates and signatures are shared catalogues of every organisation',
  'sms.templateDelete': 'SMS templates and signatures are shared catalogues of every organisation',
  'sms.signatureInfo': 'SMS templates and signatures are shared catalogues of every organisation',
  'sms.signatureUpdate': 'SMS templates and signatures are shared catalogues of every organisation',
  'sms.signatureDelete': 'SMS templates and signatures are shared catalogues of every organisation',
  'sms.send': 'SMS templates and signatures are shared catalogues of every organisation',
  'messageKey.systemList': 'its systemId is a text filter (the message system’s own id), and the list keeps to the role’s organisations',
  'mail.accountInfo': 'mail accounts are one shared catalogue of the console’s senders',
  'mail.accountUpdate': 'mail accounts are one shared catalogue of the console’s senders',
  'mail.accountActivate': 'mail accounts are one shared catalogue of the console’s senders',
  'mail.accountDelete': 'mail accounts are one shared catalogue of the console’s senders',
  'mail.accountTest': 'mail accounts are one shared catalogue of the console’s senders',
  'mail.send': 'its attachment ids must be the caller’s own unused uploads; any other id is refused as not usable (A0400)',
};

/** Input fields naming a record: an endpoint taking one must have a scope case or say why it needs none. */
const ID_FIELD = /^(id|ids|vIds|familyId)$|Ids?$|IdList$/;

/** The out-of-scope inputs of an endpoint (none when it has no scope case). */
export function scopeInputs(id: string, fixtures: MatrixFixtures, sealed: string): MatrixInput[] {
  const scoped = SCOPE_CASES[id];
  return scoped ? [scoped(fixtures, sealed)].flat() : [];
}

export function idFieldsOf(def: EndpointDef): string[] {
  return Object.keys(shapeOf(def.input) ?? {}).filter((key) => ID_FIELD.test(key));
}
