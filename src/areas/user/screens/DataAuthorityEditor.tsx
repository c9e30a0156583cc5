import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { Add16Regular, Delete16Regular } from '@fluentui/react-icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CallOutput } from '../../../shared/bridge';
import { Limits } from '../../../shared/rules';
import { fieldMessage } from '../../../renderer/components/form/RuleForm';
import { ErrorState, LoadingState } from '../../../renderer/components/states';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import type { AuthorityDraft, AuthorityField, AuthorityProblems } from './user-model';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  group: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  groupHeader: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  number: { color: tokens.colorNeutralForeground3, marginRight: 'auto' },
  none: { color: tokens.colorNeutralForeground3 },
  removeCell: { width: '48px' },
  cell: { verticalAlign: 'top', paddingTop: tokens.spacingVerticalXS, paddingBottom: tokens.spacingVerticalXS },
});

type Classifications = UseQueryResult<CallOutput<'user.classificationsByDept'>>;

const TEXT_FIELDS = ['dataCode', 'dataName', 'topCode', 'topName'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const LABEL_KEY: Record<TextField, MessageKey> = { dataCode: 'user.dataCode', dataName: 'user.dataName', topCode: 'user.topCode', topName: 'user.topName' };
const MAX_LENGTH: Record<TextField, number> = { dataCode: Limits.dataCodeMax, dataName: Limits.dataNameMax, topCode: Limits.dataCodeMax, topName: Limits.dataNameMax };
const REQUIRED: Record<TextField, boolean> = { dataCode: true, dataName: true, topCode: false, topName: false };

export interface DataAuthorityEditorProps {
  /** The user's organisation: it decides which classifications may be given. */
  deptId: number | null;
  classifications: Classifications;
  drafts: readonly AuthorityDraft[];
  onChange: (drafts: AuthorityDraft[]) => void;
  /** The problems to show (none until the first save attempt). */
  problems: AuthorityProblems;
  newKey: () => string;
}

/** Data authority per classification (`userDataAuthorityList`): for each classification, the data the user may see. */
export function DataAuthorityEditor({ deptId, classifications, drafts, onChange, problems, newKey }: DataAuthorityEditorProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const full = drafts.length >= Limits.dataAuthoritiesPerUserMax;

  const update = (key: string, field: TextField, value: string) => onChange(drafts.map((draft) => (draft.key === key ? { ...draft, [field]: value } : draft)));
  const remove = (key: string) => onChange(drafts.filter((draft) => draft.key !== key));
  const add = (classificationId: number) => onChange([...drafts, { key: newKey(), classificationId, dataCode: '', dataName: '', topCode: '', topName: '' }]);

  const messageOf = (draft: AuthorityDraft, field: AuthorityField, label: string): string | undefined => {
    const key = problems[draft.key]?.[field];
    return key ? fieldMessage(t, key, label) : undefined;
  };

  const rowsTable = (rows: readonly AuthorityDraft[], caption: string) => (
    <Table size="small" aria-label={caption}>
      <TableHeader>
        <TableRow>
          {TEXT_FIELDS.map((field) => (
            <TableHeaderCell key={field}>
              {t(LABEL_KEY[field])}
              {REQUIRED[field] ? ' *' : ''}
            </TableHeaderCell>
          ))}
          <TableHeaderCell className={styles.removeCell} />
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((draft, index) => (
          <TableRow key={draft.key} data-testid="authority-row">
            {TEXT_FIELDS.map((field) => {
              const label = t(LABEL_KEY[field]);
              const message = messageOf(draft, field, label);
              return (
                <TableCell key={field} className={styles.cell}>
                  <Field validationState={message ? 'error' : 'none'} validationMessage={message}>
                    <Input
                      value={draft[field]}
                      maxLength={MAX_LENGTH[field]}
                      aria-label={t('user.authorityCell', { field: label, row: index + 1, classification: caption })}
                      aria-required={REQUIRED[field]}
                      onChange={(_event, data) => update(draft.key, field, data.value)}
                      data-testid={`authority-${field}`}
                    />
                  </Field>
                </TableCell>
              );
            })}
            <TableCell className={mergeClasses(styles.removeCell, styles.cell)}>
              <Button
                appearance="subtle"
                icon={<Delete16Regular />}
                aria-label={t('user.removeAuthority', { row: index + 1, classification: caption })}
                onClick={() => remove(draft.key)}
                data-testid="authority-remove"
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );

  if (deptId === null) return <Text className={styles.none}>{t('user.authorityNeedsOrg')}</Text>;
  if (classifications.isPending) return <LoadingState label={t('user.classificationsLoading')} />;
  if (classifications.isError) return <ErrorState title={t('user.classificationsFailed')} error={classifications.error} onRetry={() => void classifications.refetch()} />;

  const known = new Set(classifications.data.map((entry) => entry.classificationId));
  const orphans = drafts.filter((draft) => !known.has(draft.classificationId));

  return (
    <div className={styles.root}>
      {classifications.data.length === 0 ? <Text className={styles.none}>{t('user.noClassifications')}</Text> : null}
      {classifications.data.map((classification) => {
        const rows = drafts.filter((draft) => draft.classificationId === classification.classificationId);
        return (
          <section key={classification.classificationId} className={styles.group} aria-label={classification.name} data-testid={`authority-${classification.number}`}>
            <div className={styles.groupHeader}>
              <Text weight="semibold">{classification.name}</Text>
              <Text className={styles.number}>{classification.number}</Text>
              <Button size="small" icon={<Add16Regular />} disabled={full} onClick={() => add(classification.classificationId)} data-testid="authority-add">
                {t('user.addAuthority')}
              </Button>
            </div>
            {rows.length === 0 ? <Text className={styles.none}>{t('user.noAuthority')}</Text> : rowsTable(rows, classification.name)}
          </section>
        );
      })}
      {orphans.length > 0 ? (
        <section className={styles.group} aria-label={t('user.otherClassifications')} data-testid="authority-orphans">
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>{t('user.orphanAuthorities')}</MessageBarBody>
          </MessageBar>
          {rowsTable(orphans, t('user.otherClassifications'))}
        </section>
      ) : null}
      {full ? <Text className={styles.none}>{t('user.authoritiesFull', { count: Limits.dataAuthoritiesPerUserMax })}</Text> : null}
    </div>
  );
}
