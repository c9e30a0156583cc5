import { Badge, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { NavNode } from '../../../shared/contract/session';
import { DialogWidth } from '../../../shared/constants';
import { EmptyState, ErrorState, LoadingState } from '../../../renderer/components/states';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { DialogFrame } from '../../../renderer/components/dialog/DialogFrame';

const useStyles = makeStyles({
  surface: { width: `${DialogWidth.identity}px`, maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxHeight: '70vh', overflowY: 'auto' },
  hint: { color: tokens.colorNeutralForeground3 },
  tree: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  buttons: { color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase200 },
  keys: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

function NavList({ nodes, buttonsOf }: { nodes: readonly NavNode[]; buttonsOf: Map<number, string[]> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <ul className={styles.tree}>
      {nodes.map((node) => {
        const buttons = buttonsOf.get(node.menuId);
        return (
          <li key={node.menuId} data-testid="preview-menu">
            {node.name}
            {buttons ? <span className={styles.buttons}>{t('role.previewButtons', { keys: buttons.join(', ') })}</span> : null}
            {node.children.length > 0 ? <NavList nodes={node.children} buttonsOf={buttonsOf} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "Preview as this role": the navigation, the buttons per page and the permission keys a role grants, as
 * its users see them, read-only and without signing in as anyone (issue 9).
 */
export function RolePreviewDialog({ roleId, onClose }: { roleId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const preview = useBridgeQuery('role.preview', { roleId: roleId ?? 0 }, { enabled: roleId !== null, staleTime: 0, meta: { silent: true } });
  const data = roleId !== null ? preview.data : undefined;

  let body;
  if (preview.isError) body = <ErrorState title={t('role.previewFailed')} error={preview.error} onRetry={() => void preview.refetch()} />;
  else if (!data) body = <LoadingState />;
  else
    body = (
      <>
        <Text className={styles.hint}>{t('role.previewHint')}</Text>
        {data.systems.length === 0 ? <EmptyState text={t('role.previewNoSystems')} /> : null}
        {data.systems.map((system) => (
          <section key={system.menuId} aria-label={system.appName} data-testid="preview-system">
            <Subtitle2 as="h3">{system.appName}</Subtitle2>
            <NavList nodes={system.nav} buttonsOf={new Map(system.buttons.map((entry) => [entry.menuId, entry.perms]))} />
          </section>
        ))}
        <section aria-label={t('role.previewKeys')}>
          <Subtitle2 as="h3">{t('role.previewKeys')}</Subtitle2>
          <div className={styles.keys} data-testid="preview-keys">
            {data.keys.map((key) => (
              <Badge key={key} appearance="outline">
                {key}
              </Badge>
            ))}
          </div>
        </section>
      </>
    );

  return (
    <DialogFrame
      open={roleId !== null}
      title={t('role.previewTitle', { name: data?.roleName ?? '' })}
      data-testid="role-preview-dialog"
      className={styles.surface}
      contentClassName={styles.content}
      onDismiss={onClose}
      close={{ 'data-testid': 'role-preview-close' }}
    >
      {body}
    </DialogFrame>
  );
}
