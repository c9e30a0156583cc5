// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { createFakeBridge, type FakeBridge } from '../../../renderer/testing/fake-bridge';
import { renderInTab } from '../../../renderer/testing/in-tab';
import { answerApiCalls, callsOf } from '../../../renderer/testing/menu-fixtures';
import AppFormScreen from './AppForm';

const driver: AppRecord = {
  id: 4,
  clientId: 'driver-app',
  appName: '司机端',
  appType: 'app',
  status: '0',
  accessTokenValiditySeconds: 3600,
  refreshTokenValiditySeconds: 86_400,
  passwordDay: 0,
  ignoreCodeTimes: 2,
  firstChangePwd: '1',
  createTime: '2026-01-01T00:00:00.000Z',
  builtIn: false,
  updateTime: null,
  version: 3,
};

let fake: FakeBridge;
beforeEach(() => {
  fake = createFakeBridge();
});
afterEach(cleanup);

const renderForm = (path: string) => renderInTab({ bridge: fake.bridge, path, permissions: [Perm.appCenterView, Perm.appCenterSave], routes: [[Route.centerMessage, <AppFormScreen />]] });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId), { target: { value } });

describe('application form', () => {
  it('shows no secret, saves the fields with the version read, and checks the code count first', async () => {
    answerApiCalls(fake, { 'appCenter.info': { ok: true, data: driver }, 'appCenter.update': { ok: true, data: { id: 4, version: 4 } } });
    await renderForm('/centerMessage/4');
    expect(await screen.findByDisplayValue('司机端')).toBeTruthy();
    type('field-ignoreCodeTimes', '007');
    fireEvent.click(screen.getByTestId('app-save'));
    expect(await screen.findByText(/without leading zeros/)).toBeTruthy();
    expect(callsOf(fake, 'appCenter.update')).toHaveLength(0);

    type('field-ignoreCodeTimes', '5');
    fireEvent.click(screen.getByTestId('app-save'));
    await waitFor(() => expect(callsOf(fake, 'appCenter.update')).toHaveLength(1));
    expect(callsOf(fake, 'appCenter.update')[0]).toEqual({
      id: 4,
      version: 3,
      clientId: 'driver-app',
      appName: '司机端',
      appType: 'app',
      status: '0',
      accessTokenValiditySeconds: 3600,
      refreshTokenValiditySeconds: 86_400,
      passwordDay: 0,
      ignoreCodeTimes: 5,
      firstChangePwd: '1',
    });
    // The first render of a file loads every Fluent component the form uses.
  }, 20_000);

  it('shows a regenerated secret once, in a dialog that says it will not be shown again', async () => {
    answerApiCalls(fake, { 'appCenter.info': { ok: true, data: driver }, 'appCenter.regenerateSecret': { ok: true, data: { id: 4, clientId: 'driver-app', appSecret: 'S'.repeat(43) } } });
    await renderForm('/centerMessage/4');
    fireEvent.click(await screen.findByTestId('app-regenerate-secret'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    const value = (await screen.findByTestId('app-secret-value')).querySelector('input') ?? screen.getByTestId('app-secret-value');
    expect((value as HTMLInputElement).value).toBe('S'.repeat(43));
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('app-secret-close'));
    await waitFor(() => expect(screen.queryByTestId('app-secret-dialog')).toBeNull());
    expect(screen.queryByDisplayValue('S'.repeat(43))).toBeNull();
  }, 20_000);

  it("keeps the console's own client: no new AppId, status or secret", async () => {
    answerApiCalls(fake, { 'appCenter.info': { ok: true, data: { ...driver, clientId: 'backoffice-console', builtIn: true } } });
    await renderForm('/centerMessage/4');
    await screen.findByDisplayValue('backoffice-console');
    expect((screen.getByTestId('field-clientId').querySelector('input') ?? screen.getByTestId('field-clientId')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('app-regenerate-secret').hasAttribute('disabled')).toBe(true);
  });
});
