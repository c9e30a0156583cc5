import { z } from 'zod';
import { Perm } from '../../shared/permissions';
import { Limits, rules } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { menuIdList, menuTreeNode } from '../role/contract';
import type { EndpointNamesOf } from '../../shared/local-names';
import type { SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Resource assignment (spec 001 §2 /resource, §4, §5 Resource save, §7 Resource assignment): which systems
 * and menus an organisation may use. They bound what its roles (of type 2) may be given. A top
 * organisation may be given any menu, any other only what its parent organisation has; removing a menu
 * from an organisation removes it from the organisations below it and from their roles.
 */

export const systemResources = z.object({
  /** The system's menu id. */
  sysId: rules.id,
  /** The system's menus given to the organisation, the system itself among them when any is. */
  menuIdList,
});

export const deptResources = z.object({
  deptId: z.number().int(),
  sysIdList: z.array(z.object({ sysId: z.number().int(), menuIdList: z.array(z.number().int()) })),
  allMenuIdList: z.array(z.number().int()),
  /** What the saved resources were read at: a save over a change made since is refused (optimistic concurrency). */
  stamp: z.string(),
});
export type DeptResources = z.infer<typeof deptResources>;

export const resourceSaveForm = z.object({
  deptId: rules.organisationId,
  /** The systems to change; systems left out keep their resources. */
  sysIdList: z.array(systemResources).min(1, { message: 'validation.required' }).max(Limits.idListMax, { message: 'validation.idListTooMany' }),
  stamp: z.string({ error: 'validation.version' }).min(1, { message: 'validation.version' }).max(100, { message: 'validation.version' }),
  /** The caller has seen which roles lose which menus (the preview) and agrees: without it such a save is refused. */
  confirmRemovals: z.boolean({ error: 'validation.type' }).default(false),
});
export type ResourceSaveForm = z.input<typeof resourceSaveForm>;

export const resourceLoss = z.object({
  /** Organisations (the chosen one and those below it) that lose menus, with how many. */
  depts: z.array(z.object({ deptId: z.number().int(), deptName: z.string(), menuCount: z.number().int() })),
  /** Roles that lose menus, with the menus they lose. */
  roles: z.array(
    z.object({
      roleId: z.number().int(),
      roleName: z.string(),
      deptName: z.string(),
      menus: z.array(z.object({ menuId: z.number().int(), name: z.string() })),
    }),
  ),
});
export type ResourceLoss = z.infer<typeof resourceLoss>;

export const assignableDept = z.object({
  deptId: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  /** Depth below the first organisation listed, for indenting the list. */
  depth: z.number().int(),
});
export type AssignableDept = z.infer<typeof assignableDept>;

export const resource = {
  depts: endpoint({
    service: 'resource',
    summary: 'Organisations whose resources the current role may assign',
    method: 'GET',
    path: '/sys/deptMenu/depts/:roleId',
    access: Perm.resourceView,
    input: z.object({ roleId: rules.id }),
    output: z.array(assignableDept),
  }),
  byDept: endpoint({
    service: 'resource',
    summary: "An organisation's saved resources",
    method: 'GET',
    path: '/sys/deptMenu/get/:deptId',
    access: Perm.resourceView,
    input: z.object({ deptId: rules.id }),
    output: deptResources,
  }),
  tree: endpoint({
    service: 'resource',
    summary: 'The menus of a system the current role may give an organisation',
    method: 'GET',
    path: '/sys/deptMenu/tree/:deptId/:sysId',
    access: Perm.resourceView,
    input: z.object({ deptId: rules.id, sysId: rules.id }),
    output: z.array(menuTreeNode),
  }),
  preview: endpoint({
    service: 'resource',
    summary: 'What a resource save would take from organisations and roles',
    method: 'POST',
    path: '/sys/deptMenu/preview',
    access: Perm.resourceSave,
    mutation: false,
    input: resourceSaveForm,
    output: resourceLoss,
  }),
  save: endpoint({
    service: 'resource',
    summary: "Save an organisation's resources",
    method: 'POST',
    path: '/sys/deptMenu/save',
    access: Perm.resourceSave,
    input: resourceSaveForm,
    output: z.object({ stamp: z.string() }),
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of resource, in the five locales. */
export const resourceNames: EndpointNamesOf<typeof resource> = {
  depts: ['可分配资源的机构', 'Organisations for resources', 'Organisationen für Ressourcen', 'リソース割当対象の組織', '자원 할당 대상 조직'],
  byDept: ['机构已存资源', 'Resources of an organisation', 'Ressourcen einer Organisation', '組織のリソース', '조직의 자원'],
  tree: ['可分配的资源树', 'Assignable resource tree', 'Zuweisbarer Ressourcenbaum', '割当可能なリソースツリー', '할당 가능한 자원 트리'],
  preview: ['资源保存预览', 'Preview resource save', 'Ressourcen-Speicherung prüfen', 'リソース保存のプレビュー', '자원 저장 미리보기'],
  save: ['保存机构资源', 'Save organisation resources', 'Ressourcen speichern', '組織リソース保存', '조직 자원 저장'],
};

/** The fields of the organisation's resources snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const resourceSnapshotFields = {
  deptId: { label: 'common.organisation', ref: 'dept' },
  menuIdList: { label: 'resource.menus', ref: 'menu' },
  removedFrom: {
    label: 'operationLog.snapshot.removedFrom',
    fields: {
      depts: {
        label: 'resource.orgs',
        fields: { deptId: { label: 'common.organisation', ref: 'dept' }, deptName: { label: 'dept.field.name' }, menuCount: { label: 'operationLog.snapshot.menuCount' } },
      },
      roles: {
        label: 'identity.roles',
        fields: {
          roleId: { label: 'operationLog.snapshot.id', ref: 'role' },
          roleName: { label: 'role.roleName' },
          deptName: { label: 'dept.field.name' },
          menus: { label: 'resource.menus', fields: { menuId: { label: 'operationLog.snapshot.id', ref: 'menu' }, name: { label: 'menu.field.name' } } },
        },
      },
    },
  },
} as const satisfies SnapshotFieldTable;
