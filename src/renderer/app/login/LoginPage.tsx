import { Button, Card, Field, Input, MessageBar, MessageBarBody, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { Password24Regular, QrCode24Regular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MessengerOutcome, SignInRequest } from '../../../shared/bridge';
import { ResponseCode } from '../../../shared/codes';
import { CAPTCHA_LENGTH, Delay } from '../../../shared/constants';
import { Limits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { unwrap, useBridge, isBridgeError } from '../../bridge';
import { RuleField, fieldMessage, useRuleForm } from '../../components/form/RuleForm';
import { useNotify } from '../../components/notify';
import { errorMessage } from '../../components/states';
import { isTransportFailure } from '../../components/screen/session-errors';
import { LanguageMenu } from '../LanguageMenu';
import { PasswordChangeDialog } from '../PasswordChangeDialog';
import { claimMessengerCode, messengerCodeOf, withoutMessengerCode } from './messenger-code';
import { usePlatform } from '../platform';
import { loadShell } from '../shell-loader';
import { sessionStateQuery } from '../session/SessionBoundary';
import { bridgeQueryOptions } from '../../hooks/bridge-query';
import { QrPanel } from './QrPanel';
import { signInRules } from './sign-in-form';

const CAPTCHA_KEY = ['bridge', 'auth.captcha'] as const;

const useStyles = makeStyles({
  page: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '100%',
    padding: tokens.spacingHorizontalXXL,
    boxSizing: 'border-box',
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground3} 60%)`,
  },
  language: { position: 'absolute', top: tokens.spacingVerticalL, right: tokens.spacingHorizontalL },
  card: { position: 'relative', width: '400px', maxWidth: '100%', padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`, overflow: 'hidden' },
  // The triangle in the card's corner toggles between the password form and the QR code.
  corner: {
    position: 'absolute',
    top: 0,
    right: 0,
    width: '64px',
    height: '64px',
    padding: 0,
    minWidth: 0,
    border: 'none',
    borderRadius: 0,
    clipPath: 'polygon(0 0, 100% 0, 100% 100%)',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  cornerIcon: { position: 'absolute', top: '8px', right: '8px' },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalL, paddingRight: '48px' },
  subtitle: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  captchaRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  captchaInput: { flexGrow: 1 },
  captchaImage: {
    width: '120px',
    height: '32px',
    padding: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    marginTop: '26px',
  },
  captchaImg: { width: '100%', height: '100%', objectFit: 'contain' },
  submit: { marginTop: tokens.spacingVerticalS },
});

/**
 * The sign-in page (/ and /login): the password form with the spec's rules, a captcha when the server
 * asks for one, the forced password change on 70001, and the messenger QR code behind the corner triangle.
 * Entering it clears the session except the user id and resets the title (spec 000 §2).
 */
export function LoginPage() {
  const bridge = useBridge();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const styles = useStyles();
  const platform = usePlatform();

  const [mode, setMode] = useState<'password' | 'qr'>('password');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [bindPending, setBindPending] = useState(false);
  const [forcedChange, setForcedChange] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const form = useRuleForm({
    username: { initial: '', rule: signInRules.username },
    password: { initial: '', rule: signInRules.password },
    captcha: { initial: '', rule: captchaShown ? signInRules.captcha : undefined },
  });

  const captcha = useQuery({ queryKey: CAPTCHA_KEY, queryFn: () => unwrap(bridge.auth.captcha()), enabled: captchaShown, staleTime: Infinity, gcTime: 0, meta: { silent: true } });
  const refreshCaptcha = () => {
    form.reset({ captcha: '' });
    void captcha.refetch();
  };

  const clearSession = useMutation({ mutationFn: () => unwrap(bridge.auth.clearSession()), meta: { silent: true } });
  const captchaNeeded = useMutation({ mutationFn: (username: string) => unwrap(bridge.auth.captchaNeeded(username)) });
  const goHomeSoon = (message = t('login.success')) => {
    notify.success(message);
    setRedirecting(true);
    // The wait before the redirect loads the Home shell and reads what Home asks for first, so the identity step opens
    // at its end. Loaded on submit, the shell's scripts took the browser's connections to the host ahead of the
    // sign-in's own calls (in the browser host, a third of a second).
    void loadShell(i18n);
    void queryClient.prefetchQuery(sessionStateQuery(bridge));
    void queryClient.prefetchQuery({ ...bridgeQueryOptions(bridge, 'session.roleSystems', {}), meta: { silent: true } });
    redirectTimer.current = setTimeout(() => navigate(Route.home, { replace: true }), Delay.loginRedirectMs);
  };

  const exchange = useMutation({
    mutationFn: (code: string) => unwrap(bridge.auth.messengerExchange(code)),
    meta: { silent: true },
    onSuccess: (outcome: MessengerOutcome) => {
      if (outcome.outcome === 'signed-in') {
        navigate(Route.home, { replace: true });
        return;
      }
      setBindPending(true);
      setMode('password');
      navigate(Route.login, { replace: true });
    },
    onError: (error) => {
      if (!isTransportFailure(error)) setFailure(errorMessage(error, t('message.operationFailed')));
      navigate(Route.login, { replace: true });
    },
  });

  // A failed attempt uses up the captcha: a shown one is replaced, and a hidden one may now be required.
  const afterFailedSignIn = (username: string) => {
    if (captchaShown) {
      refreshCaptcha();
      return;
    }
    captchaNeeded.mutate(username, { onSuccess: ({ needShow }) => needShow && setCaptchaShown(true) });
  };

  const signIn = useMutation({
    mutationFn: (request: SignInRequest) => unwrap(bridge.auth.signIn(request)),
    meta: { silent: true },
    onSuccess: () => goHomeSoon(),
    onError: (error, request) => {
      afterFailedSignIn(request.username);
      if (isTransportFailure(error)) return;
      if (isBridgeError(error) && error.code === ResponseCode.MustChangePassword) setForcedChange(error.msg || t('login.forcedChangeTitle'));
      else if (isBridgeError(error) && error.code === ResponseCode.UserDisabled) setFailure(t('session.frozen'));
      else setFailure(errorMessage(error, t('message.operationFailed')));
    },
  });

  // Entering the page: a clean session (the user id and a pending messenger binding stay), the plain
  // title, and the exchange of a messenger code the page was opened with.
  const { mutateAsync: clear } = clearSession;
  const { mutate: exchangeCode } = exchange;
  useEffect(() => {
    document.title = t('app.title');
  }, [t]);
  useEffect(() => {
    queryClient.clear();
    const code = messengerCodeOf(window.location.search, location.search);
    if (code) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${withoutMessengerCode(window.location.search)}${window.location.hash}`);
    }
    void clear().then(
      (state) => {
        setBindPending(state.pendingWxWorkUserId !== null);
        if (code && claimMessengerCode(code)) exchangeCode(code);
      },
      () => undefined,
    );
    return () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    };
    // Once per visit of the page: the dependencies are stable, `location.search` is read at entry only.
  }, [clear, exchangeCode, queryClient]);

  const busy = signIn.isPending || captchaNeeded.isPending || redirecting || exchange.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!form.validate()) return;
    const username = form.values.username.trim();
    if (!captchaShown) {
      const answer = await captchaNeeded.mutateAsync(username).catch(() => null);
      if (!answer) return;
      if (answer.needShow) {
        setCaptchaShown(true);
        form.setError('captcha', 'login.enterCaptcha');
        return;
      }
    }
    signIn.mutate({
      username,
      password: form.values.password,
      ...(captchaShown ? { validCode: form.values.captcha.trim(), uuid: captcha.data?.uuid } : {}),
    });
  };

  const captchaError = form.errors.captcha;
  return (
    <main className={styles.page}>
      <div className={styles.language}>
        <LanguageMenu />
      </div>
      <Card className={styles.card} data-testid="login-card">
        <button
          type="button"
          className={styles.corner}
          onClick={() => setMode(mode === 'password' ? 'qr' : 'password')}
          aria-label={mode === 'password' ? t('login.switchToQr') : t('login.switchToPassword')}
          title={mode === 'password' ? t('login.switchToQr') : t('login.switchToPassword')}
          data-testid="login-mode-toggle"
        >
          <span className={styles.cornerIcon}>{mode === 'password' ? <QrCode24Regular /> : <Password24Regular />}</span>
        </button>
        <div className={styles.header}>
          <Title2 as="h1">{t('app.title')}</Title2>
          <Text className={styles.subtitle}>{mode === 'password' ? t('login.title') : t('login.qrTitle')}</Text>
        </div>

        {platform.data?.credentialStore === 'session' ? (
          <MessageBar intent="warning" layout="multiline" data-testid="session-only-notice" style={{ marginBottom: tokens.spacingVerticalM }}>
            <MessageBarBody>{t('login.sessionOnlyTokens')}</MessageBarBody>
          </MessageBar>
        ) : null}
        {bindPending ? (
          <MessageBar intent="info" layout="multiline" data-testid="bind-notice" style={{ marginBottom: tokens.spacingVerticalM }}>
            <MessageBarBody>{t('login.bindNotice')}</MessageBarBody>
          </MessageBar>
        ) : null}
        {exchange.isPending ? <Spinner label={t('login.messengerSigningIn')} /> : null}

        {mode === 'qr' ? (
          <QrPanel />
        ) : (
          <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('login.title')}>
            <RuleField form={form} name="username" label={t('login.username')} placeholder={t('login.usernamePlaceholder')} autoComplete="username" maxLength={Limits.usernameMax} required />
            <RuleField
              form={form}
              name="password"
              label={t('login.password')}
              placeholder={t('login.passwordPlaceholder')}
              type="password"
              autoComplete="current-password"
              maxLength={Limits.loginPasswordMax}
              required
            />
            {captchaShown ? (
              <div className={styles.captchaRow}>
                <Field
                  className={styles.captchaInput}
                  label={t('login.captcha')}
                  required
                  validationState={captchaError ? 'error' : 'none'}
                  validationMessage={captchaError ? fieldMessage(t, captchaError, t('login.captcha')) : undefined}
                >
                  <Input
                    name="captcha"
                    value={form.values.captcha}
                    onChange={(_event, data) => form.setValue('captcha', data.value)}
                    onBlur={() => form.validateField('captcha')}
                    placeholder={t('login.captchaPlaceholder')}
                    maxLength={CAPTCHA_LENGTH}
                    autoComplete="off"
                    data-testid="field-captcha"
                  />
                </Field>
                <button type="button" className={styles.captchaImage} onClick={refreshCaptcha} aria-label={t('login.captchaImage')} title={t('login.captchaImage')} data-testid="captcha-image">
                  {captcha.data ? <img className={styles.captchaImg} src={captcha.data.imageCode} alt="" /> : <Spinner size="tiny" aria-label={t('login.captchaLoading')} />}
                </button>
              </div>
            ) : null}
            {captcha.isError ? (
              <MessageBar intent="error">
                <MessageBarBody>{errorMessage(captcha.error, t('app.loadFailed'))}</MessageBarBody>
              </MessageBar>
            ) : null}
            {failure ? (
              <MessageBar intent="error" role="alert" data-testid="login-error">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            ) : null}
            <Button className={styles.submit} appearance="primary" size="large" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} data-testid="login-submit">
              {busy ? t('login.submitting') : t('login.submit')}
            </Button>
          </form>
        )}
      </Card>

      <PasswordChangeDialog
        open={forcedChange !== null}
        title={t('login.forcedChangeTitle')}
        notice={forcedChange}
        submit={({ password, newPassword }) => bridge.auth.firstChangePassword({ username: form.values.username.trim(), password, newPassword })}
        // The change signed in with the new password: the user goes straight on (issue 51).
        onChanged={() => {
          setForcedChange(null);
          setFailure(null);
          form.reset({ password: '' });
          goHomeSoon(t('login.passwordChanged'));
        }}
        onCancel={() => setForcedChange(null)}
      />
    </main>
  );
}
