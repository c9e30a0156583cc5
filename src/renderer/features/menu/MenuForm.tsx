import { Button, Field, MessageBar, MessageBarActions, MessageBarBody, Radio, RadioGroup, Spinner, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular, Save20Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ResponseCode } from '../../../shared/codes';
import { Delay, MenuType } from '../../../shared/constants';
import type { MenuRecord } from '../../../shared/contract/menu';
import { Perm } from '../../../shared/permissions';
import { Limits } from '../../../shared/rules';
import { NEW_RECORD_ID, Route } from '../../../shared/routes';
import { isBridgeError } from '../../bridge';
import { useShellTab } from '../../app/home/shell-tab';
import { isTransportFailure, sessionEndOf } from '../../app/session/errors';
import { RuleField, fieldMessage, useRuleForm, type FieldSpecs } from '../../components/form/RuleForm';
import { useNotify } from '../../components/notify';
import { PermissionGate, usePermissions } from '../../components/permissions';
import { ErrorState, LoadingState, errorMessage } from '../../components/states';
import { useBridgeMutation, useBridgeQuery } from '../../hooks/bridge-query';
import { LINK_TARGETS, MENU_STATUSES, MENU_TYPES, fieldLabelKey, linkTargetKey, menuStatusKey, menuTypeKey } from './labels';
import { NEW_MENU_VALUES, contractIssues, fieldOfServerMessage, fieldsOfType, isMenuType, menuPayload, valuesOfRecord, type LinkTargetValue, type MenuField, type MenuFormValues, type MenuStatusValue } from './menu-form';
import { invalidateMenuQueries } from './menu-queries';
import { parentProblem } from './menu-tree';
import { ParentMenuPicker } from './ParentMenuPicker';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL, maxWidth: '720px' },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  subtitle: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, paddingTop: tokens.spacingVerticalS },
});

const FIELDS = Object.keys(NEW_MENU_VALUES) as MenuField[];

const TYPE_HINT = { [MenuType.System]: 'menu.hint.type.system', [MenuType.Menu]: 'menu.hint.type.menu', [MenuType.Button]: 'menu.hint.type.button' } as const;

/** Returns to the menu list, closing the form's tab. */
function useBackToList(): () => void {
  const { closeSelf } = useShellTab();
  return () => closeSelf(Route.menu);
}

/**
 * The menu form (spec 000 §2 /menuManage/{menuId}; 'null' adds). The type decides the fields: a system
 * has a system id, a menu an address and how it opens, a button only its key value. After saving it
 * returns to the list, which shows the change.
 */
export default function MenuFormScreen() {
  const { menuId } = useParams();
  if (menuId === NEW_RECORD_ID) return <MenuEditor record={null} />;
  const id = Number(menuId);
  if (!Number.isInteger(id) || id <= 0) return <FormProblem titleKey="menu.form.badAddress" />;
  return <ExistingMenu menuId={id} />;
}

function FormProblem({ titleKey, error, onRetry }: { titleKey: string; error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const back = useBackToList();
  return (
    <div className={styles.page} data-testid="menu-form-problem">
      <ErrorState title={t(titleKey)} error={error} onRetry={onRetry} />
      <div>
        <Button icon={<ArrowLeft20Regular />} onClick={back}>
          {t('menu.form.backToList')}
        </Button>
      </div>
    </div>
  );
}

function ExistingMenu({ menuId }: { menuId: number }) {
  const info = useBridgeQuery('menu.info', { menuId }, { meta: { silent: true } });
  // Bumped by an explicit reload only, so the form starts over from what is stored now.
  const [generation, setGeneration] = useState(0);
  const { refetch } = info;

  // A failed background refresh keeps the form that is open; only a first load that fails replaces it.
  if (info.data === undefined) return info.isError ? <FormProblem titleKey="menu.form.loadFailed" error={info.error} onRetry={() => void refetch()} /> : <LoadingState fill />;
  const reload = async () => {
    await refetch();
    setGeneration((value) => value + 1);
  };
  return <MenuEditor key={generation} record={info.data} onReload={reload} />;
}

function MenuEditor({ record, onReload }: { record: MenuRecord | null; onReload?: () => Promise<void> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const back = useBackToList();
  const { has } = usePermissions();

  const editedMenuId = record?.menuId ?? null;
  const savePerm = record ? Perm.menuUpdate : Perm.menuSave;
  const canSave = has(savePerm);
  // The version the form was filled from: saving over a newer one is refused, never silently overwritten.
  const [loadedVersion] = useState(record?.version ?? 0);
  const [initial] = useState<MenuFormValues>(() => (record ? valuesOfRecord(record) : NEW_MENU_VALUES));
  const [failure, setFailure] = useState<unknown>(null);
  const [returning, setReturning] = useState(false);
  const returnTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (returnTimer.current) clearTimeout(returnTimer.current);
    },
    [],
  );

  const menus = useBridgeQuery('menu.list', {}, { meta: { silent: true } });

  const specs = Object.fromEntries(
    FIELDS.map((field) => [field, { initial: initial[field], rule: (_value: unknown, all: Readonly<Record<string, unknown>>) => contractIssues(all as MenuFormValues)[field] ?? null }]),
  ) as FieldSpecs<MenuFormValues>;
  specs.parentId.rule = (_value, all) => {
    const values = all as MenuFormValues;
    return contractIssues(values).parentId ?? parentProblem(menus.data, values.type, values.parentId, editedMenuId);
  };
  const form = useRuleForm<MenuFormValues>(specs);
  const { values } = form;
  const shown = new Set(fieldsOfType(values.type));

  const add = useBridgeMutation('menu.add', { meta: { silent: true } });
  const update = useBridgeMutation('menu.update', { meta: { silent: true } });
  const busy = add.isPending || update.isPending || returning;
  const locked = busy || !canSave;

  const label = (field: MenuField) => t(fieldLabelKey(field, values.type));
  const messageOf = (field: MenuField) => {
    const key = form.errors[field];
    if (!key) return undefined;
    return field === 'parentId' && key === 'validation.required' ? t('menu.parentRequired') : fieldMessage(t, key, label(field));
  };

  const saved = () => {
    notify.success(t(record ? 'message.updateSuccess' : 'message.addSuccess'));
    setReturning(true);
    void invalidateMenuQueries(queryClient);
    returnTimer.current = setTimeout(back, Delay.formRedirectMs);
  };

  const refused = (error: Error) => {
    // A session end is handled by the shell, and a dropped connection stays silent (spec 000 §8).
    if (sessionEndOf(error) || isTransportFailure(error)) return;
    if (isBridgeError(error) && error.code === ResponseCode.Conflict) {
      form.setError('perms', values.type === MenuType.System ? 'menu.systemIdTaken' : 'menu.keyValueTaken');
      return;
    }
    setFailure(error);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    setFailure(null);
    if (!form.validate(fieldsOfType(values.type))) return;
    const payload = menuPayload(form.values);
    if (record) update.mutate({ ...payload, menuId: record.menuId, version: loadedVersion }, { onSuccess: saved, onError: refused });
    else add.mutate(payload, { onSuccess: saved, onError: refused });
  };

  const changeType = (value: number) => {
    if (!isMenuType(value)) return;
    form.setValue('type', value);
    // Messages shown for the old type are checked again against the new one.
    const flagged = (Object.keys(form.errors) as MenuField[]).filter((field) => field !== 'type');
    if (flagged.length > 0) form.validate(flagged);
  };

  const failureText = (() => {
    if (failure === null) return null;
    const text = errorMessage(failure, t('message.operationFailed'));
    const pinned = isBridgeError(failure) && failure.code === ResponseCode.InvalidInput ? fieldOfServerMessage(text) : null;
    return pinned ? `${label(pinned.field)}: ${pinned.text}` : text;
  })();
  const stale = isBridgeError(failure) && failure.code === ResponseCode.StaleRecord;

  return (
    <div className={styles.page} data-testid="menu-form">
      <header className={styles.header}>
        <Title3 as="h2">{record ? t('menu.form.editTitle', { name: record.name }) : t('menu.form.addTitle')}</Title3>
        <Text className={styles.subtitle}>{t('menu.form.subtitle')}</Text>
      </header>

      {!canSave ? (
        <MessageBar intent="info" data-testid="menu-form-read-only">
          <MessageBarBody>{t(record ? 'menu.form.readOnlyUpdate' : 'menu.form.readOnlyAdd')}</MessageBarBody>
        </MessageBar>
      ) : null}

      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={record ? t('menu.form.editTitle', { name: record.name }) : t('menu.form.addTitle')}>
        <Field label={label('type')} required hint={t(TYPE_HINT[values.type])} validationState={form.errors.type ? 'error' : 'none'} validationMessage={messageOf('type')}>
          <RadioGroup layout="horizontal" value={String(values.type)} onChange={(_event, data) => changeType(Number(data.value))} disabled={locked} data-testid="field-type">
            {MENU_TYPES.map((type) => (
              <Radio key={type} value={String(type)} label={t(menuTypeKey(type))} />
            ))}
          </RadioGroup>
        </Field>

        <RuleField form={form} name="name" label={label('name')} hint={t('menu.hint.name')} maxLength={Limits.menuNameMax} required disabled={locked} />

        {shown.has('parentId') ? (
          <Field label={label('parentId')} required validationState={form.errors.parentId ? 'error' : 'none'} validationMessage={messageOf('parentId')}>
            <ParentMenuPicker
              nodes={menus.data}
              childType={values.type}
              editedMenuId={editedMenuId}
              value={values.parentId}
              onChange={(parentId) => form.setValue('parentId', parentId)}
              onBlur={() => form.validateField('parentId')}
              disabled={locked}
            />
          </Field>
        ) : null}
        {shown.has('parentId') && menus.isError ? <ErrorState title={t('menu.parent.loadFailed')} error={menus.error} onRetry={() => void menus.refetch()} /> : null}

        {shown.has('url') ? <RuleField form={form} name="url" label={label('url')} hint={t('menu.hint.url')} maxLength={Limits.urlMax} required disabled={locked} /> : null}

        {shown.has('linkTarget') ? (
          <Field label={label('linkTarget')} required validationState={form.errors.linkTarget ? 'error' : 'none'} validationMessage={messageOf('linkTarget')}>
            <RadioGroup layout="horizontal" value={String(values.linkTarget)} onChange={(_event, data) => form.setValue('linkTarget', Number(data.value) as LinkTargetValue)} disabled={locked} data-testid="field-linkTarget">
              {LINK_TARGETS.map((target) => (
                <Radio key={target} value={String(target)} label={t(linkTargetKey(target))} />
              ))}
            </RadioGroup>
          </Field>
        ) : null}

        <RuleField
          form={form}
          name="perms"
          label={label('perms')}
          hint={t(values.type === MenuType.System ? 'menu.hint.systemId' : 'menu.hint.keyValue')}
          maxLength={Limits.keyValueMax}
          autoComplete="off"
          required
          disabled={locked}
        />

        <RuleField form={form} name="orderNum" label={label('orderNum')} hint={t('menu.hint.orderNum')} type="number" disabled={locked} />

        <Field label={label('status')} validationState={form.errors.status ? 'error' : 'none'} validationMessage={messageOf('status')}>
          <RadioGroup layout="horizontal" value={String(values.status)} onChange={(_event, data) => form.setValue('status', Number(data.value) as MenuStatusValue)} disabled={locked} data-testid="field-status">
            {MENU_STATUSES.map((status) => (
              <Radio key={status} value={String(status)} label={t(menuStatusKey(status))} />
            ))}
          </RadioGroup>
        </Field>

        {shown.has('icon') ? <RuleField form={form} name="icon" label={label('icon')} hint={t('menu.hint.icon')} maxLength={Limits.menuIconMax} disabled={locked} /> : null}
        {shown.has('appFlag') ? <RuleField form={form} name="appFlag" label={label('appFlag')} hint={t('menu.hint.appFlag')} maxLength={Limits.appFlagMax} disabled={locked} /> : null}
        {shown.has('sysVersion') ? <RuleField form={form} name="sysVersion" label={label('sysVersion')} maxLength={Limits.sysVersionMax} disabled={locked} /> : null}

        {failureText !== null ? (
          <MessageBar intent="error" layout="multiline" role="alert" data-testid="menu-form-error">
            <MessageBarBody>{failureText}</MessageBarBody>
            {stale && onReload ? (
              <MessageBarActions>
                <Button onClick={() => void onReload()}>{t('menu.form.reload')}</Button>
              </MessageBarActions>
            ) : null}
          </MessageBar>
        ) : null}

        <div className={styles.actions}>
          <PermissionGate perm={savePerm}>
            <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : <Save20Regular />} data-testid="menu-save">
              {returning ? t('menu.form.returning') : t('menu.form.save')}
            </Button>
          </PermissionGate>
          <Button icon={<ArrowLeft20Regular />} onClick={back} disabled={returning} data-testid="menu-back">
            {t('menu.form.backToList')}
          </Button>
        </div>
      </form>
    </div>
  );
}
