import { z } from 'zod';
import { Perm } from '../../shared/permissions';
import { Limits, appRules, pageOf, rules } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * System API keys (spec 001 §2 /appSystem, §3 System API key, §5 dialog, §7 System API key). A key is what a
 * system presents to read its published information. The dialog picks the system (one of the current
 * role's systems) and the application of the application centre the key is for (stored as `apiCode`, the
 * app's clientId); the key value itself is made by the server. One key per system and application.
 */

/** 1 usable, 2 not in use. */
export const ApiKeyStatus = { Usable: 1, NotInUse: 2 } as const;
export const apiKeyStatus = z.literal([ApiKeyStatus.Usable, ApiKeyStatus.NotInUse], { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.oneOf') });

/** A system chosen in the dialog (its menu id): required. */
const systemCode = z.number({ error: 'validation.required' }).int({ message: 'validation.id' }).positive({ message: 'validation.required' }).max(Limits.idMax, { message: 'validation.idRange' });

const keyFields = {
  systemCode,
  /** The clientId of the application the key is for (the dialog's "ApiKey" select). */
  apiCode: appRules.clientId,
  status: apiKeyStatus,
};

export const apiKeyAddForm = z.object(keyFields);
export type ApiKeyAddForm = z.input<typeof apiKeyAddForm>;

/**
 * The key's table keeps no version: the time of its last change (`stamp`, as read) is the concurrency
 * token, and a save over a newer change is refused.
 */
export const apiKeyUpdateForm = z.object({
  id: rules.id,
  stamp: z.string({ error: 'validation.version' }).min(1, { message: 'validation.version' }).max(40, { message: 'validation.version' }),
  ...keyFields,
});
export type ApiKeyUpdateForm = z.input<typeof apiKeyUpdateForm>;

export const apiKeyRow = z.object({
  id: z.number().int(),
  /** The system's menu id. */
  systemCode: z.number().int(),
  systemName: z.string(),
  apiKey: z.string(),
  apiCode: z.string(),
  /** The name of the application `apiCode` names; '' when no application has that AppId. */
  appName: z.string(),
  owner: z.string(),
  status: z.number().int(),
  /** ISO 8601. */
  createTime: z.string(),
  /** The time of the last change (ISO 8601): sent back with an update. */
  stamp: z.string(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;

export const apiKeyApp = z.object({ clientId: z.string(), appName: z.string(), status: z.string() });
export type ApiKeyApp = z.infer<typeof apiKeyApp>;

export const systemApiKey = {
  list: endpoint({
    service: 'systemApiKey',
    summary: "API keys of the current role's systems, by key and system name, a page at a time",
    method: 'POST',
    path: '/sys/systemApiKey/list',
    access: Perm.apiKeyView,
    mutation: false,
    input: z.object({
      page: rules.page,
      limit: rules.limit,
      apiKey: rules.filterText,
      systemName: rules.filterText,
    }),
    output: pageOf(apiKeyRow),
    // The key is shown on its screen; the logged copy of the answer hides it (ALWAYS_SECRET_FIELDS).
    secretOutput: true,
  }),
  apps: endpoint({
    service: 'systemApiKey',
    summary: 'The applications a key may be for (the ApiKey select)',
    method: 'POST',
    path: '/sys/systemApiKey/apps',
    access: Perm.apiKeyView,
    mutation: false,
    input: z.object({}),
    output: z.array(apiKeyApp),
  }),
  info: endpoint({
    service: 'systemApiKey',
    summary: 'One API key, for the dialog',
    method: 'GET',
    path: '/sys/systemApiKey/info/:id',
    access: Perm.apiKeyView,
    input: z.object({ id: rules.id }),
    output: apiKeyRow,
    // The key is shown on its screen; the logged copy of the answer hides it (ALWAYS_SECRET_FIELDS).
    secretOutput: true,
  }),
  add: endpoint({
    service: 'systemApiKey',
    summary: 'Build an API key for a system and an application; the key value is made here',
    method: 'POST',
    path: '/sys/systemApiKey/save',
    access: Perm.apiKeySave,
    input: apiKeyAddForm,
    output: apiKeyRow,
    // The key is shown on its screen; the logged copy of the answer hides it (ALWAYS_SECRET_FIELDS).
    secretOutput: true,
  }),
  update: endpoint({
    service: 'systemApiKey',
    summary: 'Change the system, application or status of an API key (its value stays)',
    method: 'POST',
    path: '/sys/systemApiKey/update',
    access: Perm.apiKeySave,
    input: apiKeyUpdateForm,
    output: apiKeyRow,
    // The key is shown on its screen; the logged copy of the answer hides it (ALWAYS_SECRET_FIELDS).
    secretOutput: true,
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of systemApiKey, in the five locales. */
export const systemApiKeyNames: EndpointNamesOf<typeof systemApiKey> = {
  list: ['系统API密钥列表', 'System API key list', 'System-API-Schlüsselliste', 'システムAPIキー一覧', '시스템 API 키 목록'],
  apps: ['API密钥可选应用', 'Applications for API keys', 'Anwendungen für API-Schlüssel', 'APIキーのアプリ', 'API 키용 애플리케이션'],
  info: ['系统API密钥详情', 'System API key details', 'System-API-Schlüsseldetails', 'システムAPIキー詳細', '시스템 API 키 상세'],
  add: ['新增系统API密钥', 'Add system API key', 'System-API-Schlüssel hinzufügen', 'システムAPIキー追加', '시스템 API 키 추가'],
  update: ['修改系统API密钥', 'Update system API key', 'System-API-Schlüssel ändern', 'システムAPIキー更新', '시스템 API 키 수정'],
};

/** The fields of the system API key snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const apiKeySnapshotFields = {
  id: RECORD_FIELDS.id,
  systemCode: { label: 'common.ownedBySystem', ref: 'menu' },
  systemName: { label: 'common.systemName' },
  apiKey: { label: 'apiKey.field.apiKey' },
  apiCode: { label: 'apiKey.field.apiCode' },
  owner: { label: 'apiKey.column.owner' },
  status: { label: 'common.status' },
} as const satisfies SnapshotFieldTable;
