import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner, Subtitle2, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular, ArrowReset20Regular, Save20Regular } from '@fluentui/react-icons';
import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallableEndpointId, CallInput, CallOutput } from '../../../shared/bridge';
import { useShellTab } from '../screen/shell-tab';
import { useBridgeQuery } from '../../hooks/bridge-query';
import { PermissionGate } from '../permissions';
import { EmptyState, ErrorState, LoadingState } from '../states';
import { PageHeader } from '../page/PageFrame';
import { recordAddress } from './record-form';
import type { RecordFormController } from './useRecordForm';

const useStyles = makeStyles({
  problem: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  // Save and back stay in view at the bottom of the tab while a long form scrolls beneath them.
  actions: {
    position: 'sticky',
    bottom: 0,
    zIndex: 2,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalM} 0`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} 0`, maxWidth: '640px' },
  sheet: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} 0`, maxWidth: '760px' },
  sheetForm: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // One row of a form holds controls of one height: Fluent's text inputs and selects are 32px, a radio group and
  // a switch bring their own padding (30 and 38px); they are centred in the same 32px.
  controls: {
    '& .fui-Field > .fui-RadioGroup': { minHeight: '32px', alignItems: 'center', boxSizing: 'border-box' },
    '& .fui-Field > .fui-RadioGroup .fui-Radio': { alignItems: 'center' },
    '& .fui-Field > .fui-Switch': { height: '32px', alignItems: 'center', alignSelf: 'flex-start', boxSizing: 'border-box' },
    '& .fui-Field > .fui-Checkbox': { minHeight: '32px', alignItems: 'center' },
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  sectionHint: { color: tokens.colorNeutralForeground3 },
  sectionFields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Two columns on a wide form, one on a narrow one; a field's label, control and message line up across a row.
  sectionGrid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', columnGap: tokens.spacingHorizontalXL, rowGap: tokens.spacingVerticalM, alignItems: 'start' },
});

/** What the editor of a record form gets: the stored record (null to add one), and how to read it again. */
export interface LoadedRecord<R> {
  record: R | null;
  /** Reads the stored record again and starts the form over from it; absent in add mode. */
  reload?: () => Promise<void>;
}

interface RecordLoaderProps<Id extends CallableEndpointId> {
  /** The route's id: 'null' adds, a number edits. */
  idParam: string | undefined;
  /** The endpoint that reads one record, and its input for an id. */
  endpoint: Id;
  input: (id: number) => CallInput<Id>;
  listPath: string;
  text: { badAddress: string; loadFailed: string; loading?: string };
  /** Prefix of the test ids: `<prefix>-form-problem`, `<prefix>-back`. */
  testIdPrefix: string;
  children: (loaded: LoadedRecord<CallOutput<Id>>) => ReactNode;
}

/** The start of every record form: add mode, a record read fresh for edit, or why neither is possible. */
export function RecordLoader<Id extends CallableEndpointId>(props: RecordLoaderProps<Id>) {
  const address = recordAddress(props.idParam);
  if (address.mode === 'add') return <>{props.children({ record: null })}</>;
  if (address.mode === 'invalid') {
    return (
      <RecordProblem listPath={props.listPath} testIdPrefix={props.testIdPrefix}>
        <EmptyState text={props.text.badAddress} />
      </RecordProblem>
    );
  }
  return <StoredRecord key={address.id} id={address.id} {...props} />;
}

function StoredRecord<Id extends CallableEndpointId>({ id, endpoint, input, listPath, text, testIdPrefix, children }: RecordLoaderProps<Id> & { id: number }) {
  // Read fresh each time the form opens: a save over an old version would be refused.
  const info = useBridgeQuery(endpoint, input(id), { staleTime: 0, gcTime: 0, meta: { silent: true } });
  // Bumped by an explicit reload only, so the form starts over from what is stored now.
  const [generation, setGeneration] = useState(0);
  const { refetch } = info;

  // A failed background refresh keeps the form that is open; only a first read that fails replaces it.
  if (info.data === undefined) {
    if (!info.isError) return <LoadingState label={text.loading} />;
    return (
      <RecordProblem listPath={listPath} testIdPrefix={testIdPrefix}>
        <ErrorState title={text.loadFailed} error={info.error} onRetry={() => void refetch()} />
      </RecordProblem>
    );
  }
  const reload = async () => {
    await refetch();
    setGeneration((value) => value + 1);
  };
  return <Fragment key={generation}>{children({ record: info.data, reload })}</Fragment>;
}

function RecordProblem({ listPath, testIdPrefix, children }: { listPath: string; testIdPrefix: string; children: ReactNode }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { closeSelf } = useShellTab();
  return (
    <div className={styles.problem} data-testid={`${testIdPrefix}-form-problem`}>
      {children}
      <Button icon={<ArrowLeft20Regular />} onClick={() => closeSelf(listPath)} data-testid={`${testIdPrefix}-back`}>
        {t('form.backToList')}
      </Button>
    </div>
  );
}

/** Why the last save failed; a stale record is said plainly, with the way to read it again. */
export function RecordFormFailure<V extends Record<string, unknown>>({ controller, 'data-testid': testId }: { controller: RecordFormController<V>; 'data-testid': string }) {
  const { t } = useTranslation();
  const { failure, reload } = controller;
  if (failure === null) return null;
  return (
    <MessageBar intent="error" layout="multiline" role="alert" data-testid={testId}>
      <MessageBarBody>
        {failure.stale ? <MessageBarTitle>{t('form.staleTitle')}</MessageBarTitle> : null}
        {failure.text}
      </MessageBarBody>
      {failure.stale && reload ? (
        <MessageBarActions>
          <Button onClick={() => void reload()}>{t('form.reload')}</Button>
        </MessageBarActions>
      ) : null}
    </MessageBar>
  );
}

/** Save (for a role that may), reset (add mode only) and back to the list. */
export function RecordFormActions<V extends Record<string, unknown>>({ controller, testIdPrefix }: { controller: RecordFormController<V>; testIdPrefix: string }) {
  const { t } = useTranslation();
  const { busy, returning, locked, reset, back, savePerm } = controller;
  return (
    <FormActionBar data-testid={`${testIdPrefix}-form-actions`}>
      <PermissionGate perm={savePerm}>
        <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : <Save20Regular />} data-testid={`${testIdPrefix}-save`}>
          {returning ? t('form.returning') : t('form.save')}
        </Button>
      </PermissionGate>
      {reset ? (
        <Button icon={<ArrowReset20Regular />} onClick={reset} disabled={locked} data-testid={`${testIdPrefix}-reset`}>
          {t('form.reset')}
        </Button>
      ) : null}
      <Button icon={<ArrowLeft20Regular />} onClick={back} disabled={returning} data-testid={`${testIdPrefix}-back`}>
        {t('form.backToList')}
      </Button>
    </FormActionBar>
  );
}

/** A form's buttons in a bar that stays in view at the bottom of the tab while the form scrolls. */
export function FormActionBar({ children, 'data-testid': testId }: { children: ReactNode; 'data-testid'?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.actions} role="group" aria-label={t('form.actionsBar')} data-testid={testId}>
      {children}
    </div>
  );
}

export interface RecordFormPageProps<V extends Record<string, unknown>> {
  controller: RecordFormController<V>;
  /** The heading, and the form's accessible name. */
  title: string;
  /** Test ids: `<prefix>-form`, `<prefix>-form-read-only`, `<prefix>-form-error`, and the actions' (`RecordFormActions`). */
  testIdPrefix: string;
  /** Says why the form cannot be saved: the role does not hold the save key. */
  readOnlyText: string;
  /** The page's own width and spacing, over a column at most 640px wide. */
  className?: string;
  /** In place of the controller's submit (a question first); it ends by calling it. */
  onSubmit?: (event: FormEvent) => void;
  /** Beside the heading (a preview button). */
  aside?: ReactNode;
  /** The fields. */
  children: ReactNode;
}

/** A record form page: heading, the read-only note, the fields, why the last save failed, and save / reset / back. */
export function RecordFormPage<V extends Record<string, unknown>>({ controller, title, testIdPrefix, readOnlyText, className, onSubmit, aside, children }: RecordFormPageProps<V>) {
  const styles = useStyles();
  return (
    <form
      ref={controller.formRef}
      className={mergeClasses(styles.page, styles.controls, className)}
      onSubmit={onSubmit ?? controller.submit}
      noValidate
      aria-label={title}
      data-testid={`${testIdPrefix}-form`}
    >
      <PageHeader title={title} actions={aside} />
      <ReadOnlyNote controller={controller} text={readOnlyText} testIdPrefix={testIdPrefix} />
      {children}
      <RecordFormFailure controller={controller} data-testid={`${testIdPrefix}-form-error`} />
      <RecordFormActions controller={controller} testIdPrefix={testIdPrefix} />
    </form>
  );
}

export interface RecordFormSheetProps<V extends Record<string, unknown>> extends Omit<RecordFormPageProps<V>, 'onSubmit' | 'aside'> {
  subtitle: string;
  /** Further notes above the form, after the read-only one (a locked record). */
  notes?: ReactNode;
}

/** A record form under the page's header (title and subtitle) and its notes: the organisation, dictionary and menu forms. */
export function RecordFormSheet<V extends Record<string, unknown>>({ controller, title, subtitle, testIdPrefix, readOnlyText, className, notes, children }: RecordFormSheetProps<V>) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.sheet, className)} data-testid={`${testIdPrefix}-form`}>
      <PageHeader title={title} description={subtitle} />
      <ReadOnlyNote controller={controller} text={readOnlyText} testIdPrefix={testIdPrefix} />
      {notes}
      <form ref={controller.formRef} className={mergeClasses(styles.sheetForm, styles.controls)} onSubmit={controller.submit} noValidate aria-label={title}>
        {children}
        <RecordFormFailure controller={controller} data-testid={`${testIdPrefix}-form-error`} />
        <RecordFormActions controller={controller} testIdPrefix={testIdPrefix} />
      </form>
    </div>
  );
}

/** Says why a role that may not save sees the form disabled. */
function ReadOnlyNote<V extends Record<string, unknown>>({ controller, text, testIdPrefix }: { controller: RecordFormController<V>; text: string; testIdPrefix: string }) {
  if (!controller.readOnly) return null;
  return (
    <MessageBar intent="info" data-testid={`${testIdPrefix}-form-read-only`}>
      <MessageBarBody>{text}</MessageBarBody>
    </MessageBar>
  );
}

export interface FormSectionProps {
  title: string;
  /** A line under the title on what the section holds. */
  hint?: string;
  /** 'grid': the fields in two columns where the form is wide enough; 'stack' (default): one under the other. */
  layout?: 'grid' | 'stack';
  'data-testid'?: string;
  children: ReactNode;
}

/** A titled group of a form's fields (basic information, contact, access…): long forms read in parts. */
export function FormSection({ title, hint, layout = 'stack', 'data-testid': testId, children }: FormSectionProps) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <section className={mergeClasses(styles.section, styles.controls)} aria-labelledby={headingId} data-testid={testId}>
      <Subtitle2 as="h3" id={headingId}>
        {title}
      </Subtitle2>
      {hint ? <Text className={styles.sectionHint}>{hint}</Text> : null}
      <div className={layout === 'grid' ? styles.sectionGrid : styles.sectionFields}>{children}</div>
    </section>
  );
}
