import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Delete16Regular, Edit16Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointDef } from '../../../shared/contract/endpoint';
import type { PermissionKey } from '../../../shared/permissions';
import { PermissionGate, accessKeyOf } from '../permissions';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  wrap: { flexWrap: 'wrap' },
});

export interface RowAction {
  /** Ends the test id: `<testIdPrefix>-<key>`. */
  key: string;
  label: string;
  icon: ReactElement;
  onClick: () => void;
  /** Shown only when the screen's permissions hold it; always shown without one. */
  perm?: PermissionKey;
  /** Not offered for this row (e.g. activate on the active one). */
  hidden?: boolean;
  disabled?: boolean;
  /** Why the button is disabled, shown on hover. */
  title?: string;
  /** The button's accessible name in the screen's own words, in place of the label and the row's name. */
  name?: string;
}

export interface RowActionsProps {
  /** Names the row in each button's accessible name ("Edit 顺丰速运"); without it a button is named by its label. */
  rowLabel?: string;
  testIdPrefix: string;
  actions: readonly RowAction[];
  /** Whether the buttons wrap onto a second line in a narrow cell; in a list's actions column they stay on one. */
  wrap?: boolean;
}

/** The buttons at the end of a list row: small, subtle, each named with the row for assistive technology, each behind its permission key. */
export function RowActions({ rowLabel, testIdPrefix, actions, wrap = false }: RowActionsProps) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.actions, wrap && styles.wrap)}>
      {actions
        .filter((action) => !action.hidden)
        .map((action) => {
          const button = (
            <Button
              key={action.key}
              size="small"
              appearance="subtle"
              icon={action.icon}
              onClick={action.onClick}
              disabled={action.disabled}
              title={action.title}
              aria-label={action.name ?? (rowLabel === undefined ? undefined : `${action.label} ${rowLabel}`)}
              data-testid={`${testIdPrefix}-${action.key}`}
            >
              {action.label}
            </Button>
          );
          return action.perm ? (
            <PermissionGate key={action.key} perm={action.perm}>
              {button}
            </PermissionGate>
          ) : (
            button
          );
        })}
    </span>
  );
}

export interface RowButtonOptions<Row> {
  /** The call the button leads to (the form's save, the delete): the button shows when the role holds what it declares. */
  endpoint: EndpointDef;
  run: (row: Row) => void;
}

/**
 * A row's own edit and delete (spec 001 §2 "Edit and delete per row") as `RowActions` entries, each behind the
 * permission key its endpoint declares. `edit.run` opens the row's form (or its dialog); `remove.run` is the list's `deleteRow`, or a
 * `useConfirmedDelete` of the area's delete call: it asks first, naming the row, and offers Undo after.
 */
export function useEditDeleteActions<Row>({ edit, remove }: { edit: RowButtonOptions<Row>; remove: RowButtonOptions<Row> }) {
  const { t } = useTranslation();
  return {
    edit: (row: Row): RowAction => ({ key: 'edit', label: t('actions.edit'), icon: <Edit16Regular />, onClick: () => edit.run(row), perm: accessKeyOf(edit.endpoint) ?? undefined }),
    remove: (row: Row): RowAction => ({ key: 'delete', label: t('actions.delete'), icon: <Delete16Regular />, onClick: () => remove.run(row), perm: accessKeyOf(remove.endpoint) ?? undefined }),
  };
}
