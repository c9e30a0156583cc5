// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route as RouterRoute, Routes, useLocation } from 'react-router-dom';
import { ResponseCode } from '../../../shared/codes';
import { Delay } from '../../../shared/constants';
import { BridgeError } from '../../bridge';
import { TRANSPORT_FAILURE_CODE } from '../../bridge/http-transport';
import { useBridgeMutation, useBridgeQuery } from '../../hooks/bridge-query';
import { createFakeBridge } from '../../testing/fake-bridge';
import { testProviders } from '../../testing/providers';
import { isTransportFailure } from '../../components/screen/session-errors';
import { SessionGuard } from './SessionGuard';
import { ServerUnreachableBanner } from './ServerUnreachable';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

async function renderGuard(path = '/Home') {
  const fake = createFakeBridge();
  const providers = await testProviders({ bridge: fake.bridge, path });
  render(
    <>
      <SessionGuard reporter={providers.reporter} />
      <ServerUnreachableBanner reporter={providers.reporter} />
      <Routes>
        <RouterRoute path="*" element={<Where />} />
      </Routes>
    </>,
    { wrapper: providers.Wrapper },
  );
  return { fake, ...providers };
}

describe('useBridgeQuery', () => {
  it('turns {ok:false} into a BridgeError with the code and msg, and reports it', async () => {
    const fake = createFakeBridge();
    fake.method('api.call').mockResolvedValue({ ok: false, code: ResponseCode.Forbidden, msg: 'You have no permission for this action' });
    const { Wrapper, reporter } = await testProviders({ bridge: fake.bridge });
    const reported: unknown[] = [];
    reporter.listen((error) => reported.push(error));

    const { result } = renderHook(() => useBridgeQuery('session.buttons', { menuId: 3, roleId: 1 }), { wrapper: Wrapper });

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fake.method('api.call')).toHaveBeenCalledWith('session.buttons', { menuId: 3, roleId: 1 });
    expect(result.current.error).toBeInstanceOf(BridgeError);
    expect(result.current.error).toMatchObject({ code: ResponseCode.Forbidden, msg: 'You have no permission for this action' });
    expect(reported).toEqual([result.current.error]);
  });

  it('gives the data of {ok:true}', async () => {
    const fake = createFakeBridge();
    fake.method('api.call').mockResolvedValue({ ok: true, data: ['menuSave'] });
    const { Wrapper } = await testProviders({ bridge: fake.bridge });
    const { result } = renderHook(() => useBridgeQuery('session.buttons', { menuId: 3, roleId: 1 }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.data).toEqual(['menuSave']));
  });
});

describe('useBridgeMutation', () => {
  it('calls the endpoint with the input and rejects with the BridgeError of {ok:false}', async () => {
    const fake = createFakeBridge();
    fake.method('api.call').mockResolvedValue({ ok: false, code: ResponseCode.Unauthorized, msg: 'expired' });
    const { Wrapper, reporter } = await testProviders({ bridge: fake.bridge });
    const reported: unknown[] = [];
    reporter.listen((error, meta) => reported.push([error, meta]));

    const { result } = renderHook(() => useBridgeMutation('session.roleSelect', { meta: { silent: true } }), { wrapper: Wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync({})).rejects.toMatchObject({ code: ResponseCode.Unauthorized, msg: 'expired' });
    });
    expect(fake.method('api.call')).toHaveBeenCalledWith('session.roleSelect', {});
    // A silent mutation is still reported, so a session end is still handled.
    expect(reported).toEqual([[expect.any(BridgeError), { silent: true }]]);
  });
});

describe('SessionGuard', () => {
  it('a 401 warns that the login timed out and returns to the sign-in page after 2 s', async () => {
    const { reporter } = await renderGuard();
    act(() => reporter.report(new BridgeError(ResponseCode.Unauthorized, 'expired'), undefined));
    await screen.findByText('login timed out, please log in again');
    expect(screen.getByTestId('where').textContent).toBe('/Home');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'), { timeout: 3000 });
  });

  it('the user-disabled event says the user is frozen', async () => {
    const { fake } = await renderGuard();
    act(() => fake.emit({ type: 'user-disabled' }));
    await screen.findByText('this user has been frozen');
  });

  it('shows the server msg of other failures, unless the caller shows it or the network failed', async () => {
    const { reporter } = await renderGuard();
    act(() => {
      reporter.report(new BridgeError(TRANSPORT_FAILURE_CODE, 'Failed to fetch'), undefined);
      reporter.report(new BridgeError(ResponseCode.Conflict, 'shown inline'), { silent: true });
      reporter.report(new BridgeError(ResponseCode.Conflict, 'Login name already exists'), undefined);
    });
    await screen.findByText('Login name already exists');
    expect(screen.queryByText('Failed to fetch')).toBeNull();
    expect(screen.queryByText('shown inline')).toBeNull();
  });

  it('stays quiet on the sign-in page, which shows these outcomes itself', async () => {
    const { fake } = await renderGuard('/login');
    act(() => fake.emit({ type: 'session-expired' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('login timed out, please log in again')).toBeNull();
  });

  it('an HTTP error that ended the session returns to sign-in after 200 ms, an envelope 401 after 2 s', async () => {
    const { fake, reporter } = await renderGuard();
    const where = () => screen.getByTestId('where').textContent;
    vi.useFakeTimers();
    act(() => fake.emit({ type: 'session-expired', httpError: true }));
    act(() => vi.advanceTimersByTime(Delay.httpErrorRedirectMs - 1));
    expect(where()).toBe('/Home');
    act(() => vi.advanceTimersByTime(1));
    expect(where()).toBe('/login');
    expect(screen.getAllByTestId('toast-warning').map((toast) => toast.textContent)).toEqual(['login timed out, please log in again']);
    cleanup();

    const second = await renderGuard();
    act(() => second.reporter.report(new BridgeError(ResponseCode.Unauthorized, 'expired'), undefined));
    act(() => second.fake.emit({ type: 'session-expired' }));
    act(() => vi.advanceTimersByTime(Delay.sessionExpiredRedirectMs - 1));
    expect(where()).toBe('/Home');
    act(() => vi.advanceTimersByTime(1));
    expect(where()).toBe('/login');
    expect(reporter).not.toBe(second.reporter);
  });

  it("the failed call's 401 and the event's HTTP error report one end: one warning, and the sooner redirect", async () => {
    const { fake, reporter } = await renderGuard();
    vi.useFakeTimers();
    act(() => reporter.report(new BridgeError(ResponseCode.Unauthorized, 'expired'), undefined));
    act(() => fake.emit({ type: 'session-expired', httpError: true }));
    act(() => vi.advanceTimersByTime(Delay.httpErrorRedirectMs));
    expect(screen.getByTestId('where').textContent).toBe('/login');
    expect(screen.getAllByTestId('toast-warning').map((toast) => toast.textContent)).toEqual(['login timed out, please log in again']);
  });
});

describe('an unreachable server', () => {
  const unreachable = 'POST /api/sys/role/systems: the server at http://127.0.0.1:9 could not be reached (fetch failed: ECONNREFUSED)';

  it('shows one translated state with a retry instead of the raw error, until the server answers again', async () => {
    const { fake, reporter } = await renderGuard();
    fake
      .method('auth.messengerConfig')
      .mockResolvedValueOnce({ ok: false, code: ResponseCode.Unreachable, msg: unreachable })
      .mockResolvedValueOnce({ ok: true, data: { enabled: false, qrUrl: null } });
    act(() => {
      reporter.report(new BridgeError(ResponseCode.Unreachable, unreachable), undefined);
      reporter.report(new BridgeError(TRANSPORT_FAILURE_CODE, 'Failed to fetch'), undefined);
    });
    expect((await screen.findByTestId('server-unreachable')).textContent).toContain('Cannot reach the server');
    expect(screen.getAllByTestId('server-unreachable')).toHaveLength(1);
    expect(document.body.textContent).not.toContain('ECONNREFUSED');
    expect(document.body.textContent).not.toContain('Failed to fetch');

    fireEvent.click(screen.getByTestId('server-unreachable-retry'));
    await waitFor(() => expect(fake.method('auth.messengerConfig')).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('server-unreachable-retry')).toHaveProperty('disabled', false));
    screen.getByTestId('server-unreachable');

    fireEvent.click(screen.getByTestId('server-unreachable-retry'));
    await waitFor(() => expect(screen.queryByTestId('server-unreachable')).toBeNull());
  });

  it('loads again what failed for want of the server once any call is answered, and leaves refused reads alone', async () => {
    const fake = createFakeBridge();
    const { Wrapper, reporter, queryClient } = await testProviders({ bridge: fake.bridge });
    let serverUp = true;
    fake.method('api.call').mockImplementation(async (name) => {
      if (name === 'session.grantStamp') return { ok: false as const, code: ResponseCode.Forbidden, msg: 'You have no permission for this action' };
      return serverUp ? { ok: true as const, data: ['menuSave'] } : { ok: false as const, code: ResponseCode.Unreachable, msg: unreachable };
    });
    const { result } = renderHook(() => ({ buttons: useBridgeQuery('session.buttons', { menuId: 3, roleId: 1 }), refused: useBridgeQuery('session.grantStamp', { roleId: 1 }, { retry: false }) }), {
      wrapper: Wrapper,
    });
    await waitFor(() => expect(result.current.buttons.isSuccess && result.current.refused.isError).toBe(true));
    // Shown once, then its refresh finds no server (the rows stay on view with the error).
    serverUp = false;
    await act(async () => {
      await result.current.buttons.refetch();
    });
    await waitFor(() => expect(result.current.buttons.status).toBe('error'));
    const calls = () => fake.method('api.call').mock.calls.map(([name]) => name);
    const callsOf = (endpoint: string) => calls().filter((name) => name === endpoint).length;
    const refusedCalls = callsOf('session.grantStamp');
    const buttonCalls = callsOf('session.buttons');

    serverUp = true;
    // The pane's retry has sent the read again when another call's answer arrives: it is not sent a third time.
    act(() => {
      void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' && isTransportFailure(query.state.error) });
      reporter.answered();
    });
    await waitFor(() => expect(result.current.buttons.isSuccess).toBe(true));
    expect(callsOf('session.buttons')).toBe(buttonCalls + 1);
    expect(callsOf('session.grantStamp')).toBe(refusedCalls);

    // With no retry under way, the answer alone sends the failed read again.
    serverUp = false;
    await act(async () => {
      await result.current.buttons.refetch();
    });
    await waitFor(() => expect(result.current.buttons.status).toBe('error'));
    const failedCalls = callsOf('session.buttons');
    serverUp = true;
    act(() => reporter.answered());
    await waitFor(() => expect(result.current.buttons.isSuccess).toBe(true));
    expect(callsOf('session.buttons')).toBe(failedCalls + 1);
    expect(callsOf('session.grantStamp')).toBe(refusedCalls);
  });

  it('goes away with any answer of the server, a refusal included', async () => {
    const { reporter } = await renderGuard();
    act(() => reporter.report(new BridgeError(ResponseCode.Unreachable, unreachable), undefined));
    await screen.findByTestId('server-unreachable');
    act(() => reporter.report(new BridgeError(ResponseCode.Conflict, 'Login name already exists'), undefined));
    await waitFor(() => expect(screen.queryByTestId('server-unreachable')).toBeNull());
    await screen.findByText('Login name already exists');
  });
});
