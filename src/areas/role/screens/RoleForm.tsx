import { Button, Field, Link, Radio, RadioGroup, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { Eye20Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { role as roleEndpoints, type RoleRecord } from '../contract';
import { RoleType } from '../../../shared/constants';
import { Limits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { RecordFormPage, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField, fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { MenuCheckTree, grantChanges } from '../../../renderer/components/MenuCheckTree';
import { OrgCascader } from '../../../renderer/components/OrgCascader';
import { invalidateBridgeQueries, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { useRoleOrgTree } from './queries';
import { grantedMenus, roleMenusToSend, roleFieldLabelKey, roleFormIssues, rolePayload, roleTypeKey, roleValuesOf, type RoleTypeValue } from './role-model';
import { RolePreviewDialog } from './RolePreviewDialog';

const useStyles = makeStyles({
  page: { maxWidth: '820px' },
  hint: { color: tokens.colorNeutralForeground3 },
  tree: { maxHeight: '420px', overflowY: 'auto', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalS },
});

const ROLE_TYPES: readonly RoleTypeValue[] = [RoleType.OwnSubtree, RoleType.AllOrganisations];

/** The role form (spec 001 §2 /roleManage/{roleId}; 'null' adds): name, organisation, remark and the menu tree. */
export default function RoleForm() {
  const { t } = useTranslation();
  const { roleId } = useParams();
  return (
    <RecordLoader
      idParam={roleId}
      endpoint="role.info"
      input={(id) => ({ roleId: id })}
      listPath={Route.role}
      text={{ badAddress: t('role.badAddress'), loadFailed: t('role.loadFailed'), loading: t('role.loading') }}
      testIdPrefix="role"
    >
      {(loaded) => <RoleEditor {...loaded} />}
    </RecordLoader>
  );
}

function RoleEditor({ record, reload }: LoadedRecord<RoleRecord>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { role } = useIdentity();
  const orgs = useRoleOrgTree(role.roleId);
  const current = useBridgeQuery('session.roleInfo', { roleId: role.roleId });
  const callerIsGlobal = current.data?.roleType === RoleType.AllOrganisations;
  const [previewOpen, setPreviewOpen] = useState(false);
  const navigate = useNavigate();
  // The granted menus once the tree was touched; null while untouched (the saved ones then).
  const [touched, setTouched] = useState<number[] | null>(null);

  const controller = useRecordForm({
    record,
    initial: roleValuesOf(record),
    rules: roleFormIssues,
    otherState: touched,
    onReset: () => setTouched(null),
    endpoints: roleEndpoints,
    add: { endpoint: 'role.add', payload: (values) => rolePayload(values, sentIds) },
    update: { endpoint: 'role.update', payload: (values, stored) => ({ ...rolePayload(values, sentIds), roleId: stored.roleId, version: stored.version }) },
    listPath: Route.role,
    refresh: (queryClient) => invalidateBridgeQueries(queryClient, 'role.list'),
    conflict: () => ({ field: 'roleName', key: 'role.nameTaken' }),
    namePinnedField: namePinnedFieldBy(t, roleFieldLabelKey),
    reload,
    savedDetail: () => {
      const change = grantChanges(record?.menuIdList ?? [], [...sentIds, ...fixed]);
      return change.added + change.removed > 0 ? t('tree.grantChanges', change) : t('tree.grantsUnchanged');
    },
  });
  const { form, locked } = controller;
  const { deptId, roleType } = form.values;

  const menus = useBridgeQuery('role.grantableMenus', { userRoleId: role.roleId, deptId: deptId ?? 0, roleType }, { enabled: deptId !== null, meta: { silent: true } });
  const tree = menus.data?.tree;
  const fixed = useMemo(() => menus.data?.fixedMenuIds ?? [], [menus.data]);
  const checked = useMemo(() => grantedMenus(touched ?? record?.menuIdList ?? [], fixed), [touched, record, fixed]);
  const sameScope = record !== null && record.deptId === deptId && record.roleType === roleType;
  const sentIds: number[] = tree ? roleMenusToSend(tree, checked, sameScope) : (record?.menuIdList ?? []);

  const orgMessage = form.errors.deptId ? fieldMessage(t, form.errors.deptId, t('common.organisation'), 'chosen') : undefined;
  const title = record ? t('role.editTitle', { name: record.roleName }) : t('role.addTitle');
  return (
    <RecordFormPage
      controller={controller}
      title={title}
      testIdPrefix="role"
      readOnlyText={t('role.readOnly')}
      className={styles.page}
      aside={
        record ? (
          <Button icon={<Eye20Regular />} onClick={() => setPreviewOpen(true)} data-testid="role-form-preview">
            {t('role.preview')}
          </Button>
        ) : null
      }
    >
      <RuleField form={form} name="roleName" label={t('role.roleName')} hint={t('role.nameHint')} maxLength={Limits.roleNameMax} required disabled={locked} />
      <Field label={t('common.organisation')} required validationState={orgMessage ? 'error' : 'none'} validationMessage={orgMessage}>
        <OrgCascader nodes={orgs.nodes} value={deptId} onChange={(id) => form.setValue('deptId', id)} preselectFirst={false} disabled={locked} data-testid="field-deptId" />
      </Field>
      {callerIsGlobal ? (
        <Field label={t('role.roleType')}>
          <RadioGroup
            layout="horizontal"
            value={String(roleType)}
            onChange={(_event, data) => form.setValue('roleType', Number(data.value) as RoleTypeValue)}
            disabled={locked}
            data-testid="field-roleType"
          >
            {ROLE_TYPES.map((type) => (
              <Radio key={type} value={String(type)} label={t(roleTypeKey(type))} />
            ))}
          </RadioGroup>
        </Field>
      ) : null}
      <Field label={t('role.remark')}>
        <Textarea value={form.values.remark} onChange={(_event, data) => form.setValue('remark', data.value)} maxLength={Limits.roleRemarkMax} disabled={locked} data-testid="field-remark" />
      </Field>

      <Field label={t('role.menus')} hint={t(roleType === RoleType.AllOrganisations ? 'role.menusFixed' : 'role.menusHint')}>
        {deptId === null ? (
          <Text className={styles.hint}>{t('role.menusNeedOrg')}</Text>
        ) : tree?.length === 0 ? (
          <Text className={styles.hint} data-testid="role-menus-empty">
            {t('role.menusEmpty')}{' '}
            <Link onClick={() => navigate(Route.resource)} data-testid="role-menus-resource-link">
              {t('role.openResources')}
            </Link>
          </Text>
        ) : (
          <div className={styles.tree}>
            <MenuCheckTree
              aria-label={t('role.menus')}
              nodes={tree}
              checked={checked}
              onCheckedChange={(change) => setTouched([...change.checked])}
              loading={menus.isPending}
              error={menus.isError ? menus.error : undefined}
              onRetry={() => void menus.refetch()}
              disabled={locked}
              data-testid="role-menu-tree"
            />
          </div>
        )}
      </Field>

      {record ? <RolePreviewDialog roleId={previewOpen ? record.roleId : null} onClose={() => setPreviewOpen(false)} /> : null}
    </RecordFormPage>
  );
}
