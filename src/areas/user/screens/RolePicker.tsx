import { Dropdown, Field, Option, Tag, TagGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeldRoleEntry } from '../contract';
import { Limits } from '../../../shared/rules';
import { OrgCascader, type OrgNode } from '../../../renderer/components/OrgCascader';
import { ErrorState } from '../../../renderer/components/states';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pickers: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: tokens.spacingHorizontalL },
  none: { color: tokens.colorNeutralForeground3 },
  tags: { flexWrap: 'wrap', rowGap: tokens.spacingVerticalS },
});

export interface RolePickerProps {
  orgNodes: readonly OrgNode[] | undefined;
  /** The organisation whose roles are offered until another is picked: the user's own. */
  defaultOrgId: number | null;
  chosen: readonly HeldRoleEntry[];
  onChange: (roles: HeldRoleEntry[]) => void;
}

/**
 * A user's roles (spec 000 §6): several, each belonging to an organisation. The roles of one organisation
 * at a time are offered; the chosen ones, of any organisation, stay listed as tags.
 */
export function RolePicker({ orgNodes, defaultOrgId, chosen, onChange }: RolePickerProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  // undefined: follow the user's organisation.
  const [pickedOrg, setPickedOrg] = useState<number | null | undefined>(undefined);
  const orgId = pickedOrg === undefined ? defaultOrgId : pickedOrg;
  const roles = useBridgeQuery('user.rolesByDept', { deptId: orgId ?? 0 }, { enabled: orgId !== null });

  const chosenIds = new Set(chosen.map((role) => role.roleId));
  const offered = orgId === null ? [] : (roles.data ?? []);
  const chosenHere = offered.filter((role) => chosenIds.has(role.roleId));
  const full = chosen.length >= Limits.rolesPerUserMax;

  const toggle = (value: string | undefined) => {
    const role = offered.find((candidate) => String(candidate.roleId) === value);
    if (!role) return;
    if (chosenIds.has(role.roleId)) onChange(chosen.filter((entry) => entry.roleId !== role.roleId));
    else if (!full) onChange([...chosen, role]);
  };

  let placeholder = t('user.rolePickPlaceholder');
  if (orgId === null) placeholder = t('user.roleOrgFirst');
  else if (roles.isSuccess && offered.length === 0) placeholder = t('common.orgHasNoRoles');

  return (
    <div className={styles.root}>
      <div className={styles.pickers}>
        <Field label={t('user.roleOrg')}>
          <OrgCascader nodes={orgNodes} value={orgId} onChange={(deptId) => setPickedOrg(deptId)} preselectFirst={false} data-testid="role-org" />
        </Field>
        <Field label={t('user.rolePick')} validationState={full ? 'warning' : 'none'} validationMessage={full ? t('user.rolesFull', { count: Limits.rolesPerUserMax }) : undefined}>
          {roles.isError ? (
            <ErrorState title={t('user.rolesFailed')} error={roles.error} onRetry={() => void roles.refetch()} />
          ) : (
            <Dropdown
              multiselect
              placeholder={placeholder}
              value={chosenHere.map((role) => role.roleName).join(', ')}
              selectedOptions={chosenHere.map((role) => String(role.roleId))}
              onOptionSelect={(_event, data) => toggle(data.optionValue)}
              disabled={orgId === null || roles.isPending || offered.length === 0}
              data-testid="role-select"
            >
              {offered.map((role) => (
                <Option key={role.roleId} value={String(role.roleId)} disabled={full && !chosenIds.has(role.roleId)}>
                  {role.roleName}
                </Option>
              ))}
            </Dropdown>
          )}
        </Field>
      </div>
      {chosen.length === 0 ? (
        <Text className={styles.none} data-testid="role-none">
          {t('user.noRoles')}
        </Text>
      ) : (
        <TagGroup
          className={styles.tags}
          aria-label={t('user.chosenRoles')}
          onDismiss={(_event, data) => onChange(chosen.filter((role) => String(role.roleId) !== data.value))}
          data-testid="role-tags"
        >
          {chosen.map((role) => (
            <Tag key={role.roleId} value={String(role.roleId)} dismissible dismissIcon={{ 'aria-label': t('user.removeRole', { name: role.roleName }) }} secondaryText={role.deptName} shape="circular">
              {role.roleName}
            </Tag>
          ))}
        </TagGroup>
      )}
    </div>
  );
}
