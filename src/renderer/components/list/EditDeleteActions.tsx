import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Delete16Regular, Edit16Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionKey } from '../../../shared/permissions';
import { PermissionGate } from '../permissions';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' } });

export interface EditDeleteActionsProps {
  /** Names the row in the buttons' accessible names. */
  name: string;
  editPerm: PermissionKey;
  deletePerm: PermissionKey;
  onEdit: () => void;
  onDelete: () => void;
  /** Further buttons of the row (pin), before edit and delete. */
  children?: ReactNode;
  testIdPrefix: string;
}

/** A row's own edit and delete (spec 001 §2: "Edit and delete per row"), each shown only with its key. */
export function EditDeleteActions({ name, editPerm, deletePerm, onEdit, onDelete, children, testIdPrefix }: EditDeleteActionsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <span className={styles.actions}>
      {children}
      <PermissionGate perm={editPerm}>
        <Button size="small" appearance="subtle" icon={<Edit16Regular />} onClick={onEdit} aria-label={`${t('actions.edit')} ${name}`} data-testid={`${testIdPrefix}-edit`}>
          {t('actions.edit')}
        </Button>
      </PermissionGate>
      <PermissionGate perm={deletePerm}>
        <Button size="small" appearance="subtle" icon={<Delete16Regular />} onClick={onDelete} aria-label={`${t('actions.delete')} ${name}`} data-testid={`${testIdPrefix}-delete`}>
          {t('actions.delete')}
        </Button>
      </PermissionGate>
    </span>
  );
}
