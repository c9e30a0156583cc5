import { Button, Toolbar, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, ArrowClockwise20Regular, Delete20Regular, Edit20Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointDef } from '../../shared/contract/endpoint';
import { useScreenAction } from './screen/screen-actions';
import { PermissionGate, guardKeyOf, usePermissions } from './permissions';
import { InPageHeader } from './page/PageFrame';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, padding: 0 },
});

export interface CrudActionsProps {
  /** The toolbar's accessible name. */
  label: string;
  /** Test ids are `<prefix>-add`, `<prefix>-edit`, `<prefix>-delete`, `<prefix>-refresh`. */
  testIdPrefix: string;
  /** The endpoints the three buttons lead to: each shows when the role holds what its endpoint declares. */
  endpoints: { add: EndpointDef; edit: EndpointDef; remove: EndpointDef };
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** While a delete is under way its button waits. */
  deleting: boolean;
  /** Loads the list again (a refresh button after the three, for everyone); no button without it. */
  onRefresh?: () => void;
  /** While the list loads the refresh button waits. */
  refreshing?: boolean;
  /** The screen's further actions and the selected count, after the three. */
  children?: ReactNode;
}

/** The add / edit / delete actions of a list screen, each shown only with its endpoint's permission key, and its refresh. */
export function CrudActions({ label, testIdPrefix, endpoints, onAdd, onEdit, onDelete, deleting, onRefresh, refreshing = false, children }: CrudActionsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { has } = usePermissions();
  const perms = { add: guardKeyOf(endpoints.add), edit: guardKeyOf(endpoints.edit), remove: guardKeyOf(endpoints.remove) };
  // The command palette offers the list's add and refresh too (issue 13), under the same permission.
  useScreenAction(has(perms.add) ? { id: 'add', label: t('palette.add'), run: onAdd } : null);
  useScreenAction(onRefresh ? { id: 'refresh', label: t('palette.refresh'), run: onRefresh } : null);
  return (
    <Toolbar className={styles.bar} aria-label={label}>
      {/* The screen's primary action: in its page header when the list is framed. */}
      <PermissionGate perm={perms.add}>
        <InPageHeader slot="primary">
          <Button appearance="primary" icon={<Add20Regular />} onClick={onAdd} data-testid={`${testIdPrefix}-add`}>
            {t('actions.add')}
          </Button>
        </InPageHeader>
      </PermissionGate>
      <PermissionGate perm={perms.edit}>
        <Button icon={<Edit20Regular />} onClick={onEdit} data-testid={`${testIdPrefix}-edit`}>
          {t('actions.edit')}
        </Button>
      </PermissionGate>
      <PermissionGate perm={perms.remove}>
        <Button icon={<Delete20Regular />} onClick={onDelete} disabled={deleting} data-testid={`${testIdPrefix}-delete`}>
          {t('actions.delete')}
        </Button>
      </PermissionGate>
      {onRefresh ? (
        <Button icon={<ArrowClockwise20Regular />} onClick={onRefresh} disabled={refreshing} data-testid={`${testIdPrefix}-refresh`}>
          {t('list.refresh')}
        </Button>
      ) : null}
      {children}
    </Toolbar>
  );
}
