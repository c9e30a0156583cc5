// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route as RouterRoute, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { Delay } from '../../../shared/constants';
import { createFakeBridge, type FakeBridge } from '../../testing/fake-bridge';
import { testProviders } from '../../testing/providers';
import { LoginPage } from './LoginPage';

const signedOut = { signedIn: false, userId: null, username: null, roleId: null, systemMenuId: null, pendingWxWorkUserId: null };

let fake: FakeBridge;
beforeEach(() => {
  fake = createFakeBridge();
  fake.method('auth.clearSession').mockResolvedValue({ ok: true, data: signedOut });
  fake.method('auth.captchaNeeded').mockResolvedValue({ ok: true, data: { needShow: false } });
  fake.method('auth.captcha').mockResolvedValue({ ok: true, data: { imageCode: 'data:image/svg+xml;base64,PHN2Zy8+', uuid: '6f1c2d9e-1b7a-4a3e-9a55-6c2f0f0f0f0f' } });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

async function renderLogin(path = '/login') {
  const { Wrapper } = await testProviders({ bridge: fake.bridge, path });
  render(
    <Routes>
      <RouterRoute path="/login" element={<LoginPage />} />
      <RouterRoute path="*" element={<Where />} />
    </Routes>,
    { wrapper: Wrapper },
  );
  await waitFor(() => expect(fake.method('auth.clearSession')).toHaveBeenCalled());
}

const where = () => screen.queryByTestId('where')?.textContent ?? 'the sign-in page';

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('login-submit'));

describe('sign-in page', () => {
  it('clears the session on entry and shows the rule messages under the fields', async () => {
    await renderLogin();
    submit();
    await screen.findByText('Please enter username');
    screen.getByText('Please enter password');

    type('field-username', 'bad name');
    type('field-password', 'abc');
    submit();
    await screen.findByText('Username may contain only digits, letters, underscore and @');
    screen.getByText('Password cannot be less than 5');
    expect(fake.method('auth.signIn')).not.toHaveBeenCalled();
  });

  it('shows the captcha when the server asks, and sends it with its uuid', async () => {
    fake.method('auth.captchaNeeded').mockResolvedValue({ ok: true, data: { needShow: true } });
    fake.method('auth.signIn').mockResolvedValue({ ok: false, code: ResponseCode.CaptchaWrong, msg: 'The image captcha is wrong or has expired' });
    await renderLogin();
    type('field-username', 'ops_lead');
    type('field-password', 'Secret_123');
    submit();
    await screen.findByText('Please enter the image captcha');
    await waitFor(() => expect(screen.getByTestId('captcha-image').querySelector('img')).toBeTruthy());
    expect(fake.method('auth.signIn')).not.toHaveBeenCalled();

    type('field-captcha', 'ab');
    submit();
    await screen.findByText('Image captcha format incorrect');

    type('field-captcha', 'aB3x');
    submit();
    await waitFor(() => expect(fake.method('auth.signIn')).toHaveBeenCalledWith({ username: 'ops_lead', password: 'Secret_123', validCode: 'aB3x', uuid: '6f1c2d9e-1b7a-4a3e-9a55-6c2f0f0f0f0f' }));
    // A failed attempt shows the server's msg, clears the captcha and loads a new one.
    await screen.findByText('The image captcha is wrong or has expired');
    await waitFor(() => expect(fake.method('auth.captcha')).toHaveBeenCalledTimes(2));
    expect((screen.getByTestId('field-captcha') as HTMLInputElement).value).toBe('');
  });

  it('opens the forced password change on 70001 with the server message', async () => {
    fake.method('auth.signIn').mockResolvedValue({ ok: false, code: ResponseCode.MustChangePassword, msg: 'First sign-in: please change your password' });
    await renderLogin();
    type('field-username', 'admin');
    type('field-password', 'Admin_12345');
    submit();
    await screen.findByTestId('password-dialog');
    screen.getByText('First sign-in: please change your password');

    fireEvent.change(screen.getByTestId('field-oldPassword'), { target: { value: 'Admin_12345' } });
    fireEvent.change(screen.getByTestId('field-newPassword'), { target: { value: 'Admin_23456' } });
    fireEvent.change(screen.getByTestId('field-confirmPassword'), { target: { value: 'Admin_2345' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    await screen.findByText('The passwords do not match');

    fireEvent.change(screen.getByTestId('field-confirmPassword'), { target: { value: 'Admin_23456' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(fake.method('auth.firstChangePassword')).toHaveBeenCalledWith({ username: 'admin', password: 'Admin_12345', newPassword: 'Admin_23456' }));
    await waitFor(() => expect(screen.queryByTestId('password-dialog')).toBeNull());
    // The change signed in: the user goes straight on to Home, with no second sign-in.
    expect((await screen.findByTestId('toast-success')).textContent).toBe('Password changed; signing you in');
    await waitFor(() => expect(where()).toBe('/Home'), { timeout: Delay.loginRedirectMs + 2000 });
    expect(fake.method('auth.signIn')).toHaveBeenCalledTimes(1);
  });

  it('says a disabled user is frozen', async () => {
    fake.method('auth.signIn').mockResolvedValue({ ok: false, code: ResponseCode.UserDisabled, msg: 'User is disabled' });
    await renderLogin();
    type('field-username', 'frozen_user');
    type('field-password', 'Secret_123');
    submit();
    expect((await screen.findByTestId('login-error')).textContent).toBe('this user has been frozen');
  });

  it('announces a pending messenger binding', async () => {
    fake.method('auth.clearSession').mockResolvedValue({ ok: true, data: { ...signedOut, pendingWxWorkUserId: 'W-ALICE' } });
    await renderLogin();
    await screen.findByTestId('bind-notice');
  });

  it('goes to Home 1 s after a successful sign-in', async () => {
    fake.method('auth.signIn').mockResolvedValue({ ok: true, data: { ...signedOut, signedIn: true, userId: 3, username: 'ops_lead' } });
    await renderLogin();
    type('field-username', 'ops_lead');
    type('field-password', 'Secret_123');
    vi.useFakeTimers();
    submit();
    // The clock stands still while the answers arrive; the redirect is then due in exactly 1 s.
    for (let turn = 0; turn < 50 && screen.queryAllByTestId('toast-success').length === 0; turn++) await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('toast-success').textContent).toBe('Signed in');
    await act(() => vi.advanceTimersByTimeAsync(Delay.loginRedirectMs - 1));
    expect(where()).toBe('the sign-in page');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(where()).toBe('/Home');
  });
});

describe('where refresh tokens are kept', () => {
  it('says on the sign-in page that tokens last this session only when no keychain answers', async () => {
    fake.method('platform').mockResolvedValue({ ok: true, data: { kind: 'electron', appVersion: '1.0.1', os: 'Linux', credentialStore: 'session' } });
    await renderLogin();
    expect((await screen.findByTestId('session-only-notice')).textContent).toBe('Refresh tokens are kept for this session only: the OS keychain is not available (after a restart you sign in again)');
  });

  it('says nothing when the OS keychain keeps them', async () => {
    fake.method('platform').mockResolvedValue({ ok: true, data: { kind: 'electron', appVersion: '1.0.1', os: 'Linux', credentialStore: 'keychain' } });
    await renderLogin();
    await waitFor(() => expect(fake.method('platform')).toHaveBeenCalled());
    expect(screen.queryByTestId('session-only-notice')).toBeNull();
  });
});

describe('messenger QR sign-in', () => {
  it('exchanges the code the page was opened with, once, and a bound account goes to Home', async () => {
    fake.method('auth.messengerExchange').mockResolvedValue({ ok: true, data: { outcome: 'signed-in' } });
    await renderLogin('/login?code=CODE-BOUND&state=console');
    await waitFor(() => expect(where()).toBe('/Home'));
    expect(fake.method('auth.messengerExchange')).toHaveBeenCalledExactlyOnceWith('CODE-BOUND');
    // The session is cleared first, so the exchange starts from a clean one.
    expect(fake.method('auth.clearSession').mock.invocationCallOrder[0]).toBeLessThan(fake.method('auth.messengerExchange').mock.invocationCallOrder[0] ?? 0);
  });

  it('sends an unbound account back to the password form, which binds it', async () => {
    fake.method('auth.messengerExchange').mockResolvedValue({ ok: true, data: { outcome: 'bind-required', wxWorkUserId: 'W-NEW' } });
    await renderLogin('/login?code=CODE-UNBOUND');
    await screen.findByTestId('bind-notice');
    expect(where()).toBe('the sign-in page');
    screen.getByTestId('field-username');
  });

  it("shows the server's msg when the code is refused, and stays on the sign-in page", async () => {
    fake.method('auth.messengerExchange').mockResolvedValue({ ok: false, code: ResponseCode.ThirdPartyError, msg: 'The messenger did not accept the sign-in code' });
    await renderLogin('/login?code=CODE-REFUSED');
    expect((await screen.findByTestId('login-error')).textContent).toBe('The messenger did not accept the sign-in code');
    expect(where()).toBe('the sign-in page');
  });

  it('does not exchange a code twice', async () => {
    fake.method('auth.messengerExchange').mockResolvedValue({ ok: true, data: { outcome: 'bind-required', wxWorkUserId: 'W-NEW' } });
    await renderLogin('/login?code=CODE-ONCE');
    await screen.findByTestId('bind-notice');
    cleanup();
    await renderLogin('/login?code=CODE-ONCE');
    expect(fake.method('auth.messengerExchange')).toHaveBeenCalledOnce();
  });
});
