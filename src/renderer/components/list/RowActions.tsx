import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { PermissionKey } from '../../../shared/permissions';
import { PermissionGate } from '../permissions';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' } });

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
}

/**
 * The buttons at the end of a list row: small, subtle, each named with the row ("Edit 顺丰速运") for assistive
 * technology, each behind its permission key.
 */
export function RowActions({ rowLabel, testIdPrefix, actions }: { rowLabel: string; testIdPrefix: string; actions: readonly RowAction[] }) {
  const styles = useStyles();
  return (
    <span className={styles.actions}>
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
              aria-label={`${action.label} ${rowLabel}`}
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
