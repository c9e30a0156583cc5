// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DictionaryRecord } from '../contract';
import { Perm, type PermissionKey } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { createFakeBridge, type FakeBridge } from '../../../renderer/testing/fake-bridge';
import { renderInTab } from '../../../renderer/testing/in-tab';
import { answerApiCalls, callsOf } from '../../../renderer/testing/menu-fixtures';
import DictionaryFormScreen from './DictionaryForm';

const ALL_KEYS: PermissionKey[] = [Perm.dictView, Perm.dictSave, Perm.dictUpdate, Perm.dictDelete];

const vehicles: DictionaryRecord = {
  id: 3,
  parentId: null,
  dictNo: 'VEHICLE_TYPE',
  dictName: '车辆类型',
  label: 'Vehicle type',
  dictOrder: 20,
  status: '1',
  updated: '1',
  names: [{ langId: 'en_US', langName: 'Vehicle type' }],
  createByName: 'admin',
  createTime: '2026-01-01T00:00:00.000Z',
  version: 2,
  ancestors: [],
};

let fake: FakeBridge;
beforeEach(() => {
  fake = createFakeBridge();
});
afterEach(cleanup);

async function renderForm(path: string, permissions: readonly string[] = ALL_KEYS) {
  return renderInTab({ bridge: fake.bridge, path, permissions, routes: [[Route.dicManage, <DictionaryFormScreen />]] });
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId), { target: { value } });

describe('dictionary form', () => {
  it('adds an item under the parent of the route, with its names, and returns to the list', async () => {
    answerApiCalls(fake, { 'dictionary.info': { ok: true, data: vehicles }, 'dictionary.add': { ok: true, data: { id: 9 } } });
    await renderForm('/dicManage/null?parentId=3');
    await screen.findByText('Add an item to Vehicle type');
    type('field-dictNo', 'TRUCK');
    type('field-dictName', '卡车');
    type('field-dictOrder', '30');
    fireEvent.click(screen.getByTestId('name-add'));
    fireEvent.change(screen.getByTestId('name-langName'), { target: { value: '卡车' } });
    fireEvent.click(screen.getByTestId('dictionary-save'));
    await waitFor(() => expect(callsOf(fake, 'dictionary.add')).toHaveLength(1));
    expect(callsOf(fake, 'dictionary.add')[0]).toEqual({ parentId: 3, dictNo: 'TRUCK', dictName: '卡车', dictOrder: 30, status: '1', updated: '1', names: [{ langId: 'zh_CN', langName: '卡车' }] });
    await screen.findByText('Added');
  });

  it('names the required fields and refuses to save until they are filled', async () => {
    await renderForm('/dicManage/null');
    type('field-dictOrder', '');
    fireEvent.click(screen.getByTestId('dictionary-save'));
    await screen.findByText('Please correct the marked fields first');
    screen.getByText('Please enter Code');
    screen.getByText('Please enter Name');
    screen.getByText('Please enter Order');
    expect(callsOf(fake, 'dictionary.add')).toEqual([]);
  });

  it('asks before removing a language row whose name is filled, and not for an empty one', async () => {
    answerApiCalls(fake, { 'dictionary.info': { ok: true, data: vehicles } });
    await renderForm('/dicManage/3');
    await screen.findByText('Edit: Vehicle type');
    fireEvent.click(screen.getByTestId('name-remove'));
    // By test id, as the other confirmations: while Fluent's dialog opens, its surface can still be aria-hidden.
    const dialog = await screen.findByTestId('confirm-dialog');
    within(dialog).getByText('Remove the English name "Vehicle type"?');
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.getAllByTestId('dictionary-name-row')).toHaveLength(1));

    fireEvent.click(screen.getByTestId('name-add'));
    expect(screen.getAllByTestId('dictionary-name-row')).toHaveLength(2);
    fireEvent.click(screen.getAllByTestId('name-remove')[1]!);
    expect(screen.getAllByTestId('dictionary-name-row')).toHaveLength(1);
  });

  it('saves an edit with the version it read, and says plainly when the entry is locked', async () => {
    answerApiCalls(fake, {
      'dictionary.info': { ok: true, data: { ...vehicles, updated: '0' } },
      'dictionary.update': { ok: false, code: 'A0001', msg: '车辆类型 (VEHICLE_TYPE) is marked not updatable and cannot be changed' },
    });
    await renderForm('/dicManage/3');
    await screen.findByTestId('dictionary-form-locked');
    type('field-dictName', '车型');
    fireEvent.click(screen.getByTestId('dictionary-save'));
    await screen.findByText('车辆类型 (VEHICLE_TYPE) is marked not updatable and cannot be changed');
    expect(callsOf(fake, 'dictionary.update')[0]).toMatchObject({ id: 3, version: 2, dictName: '车型', updated: '0' });
  });

  it('is read-only for a role without the key', async () => {
    answerApiCalls(fake, { 'dictionary.info': { ok: true, data: vehicles } });
    await renderForm('/dicManage/3', [Perm.dictView]);
    await screen.findByTestId('dictionary-form-read-only');
    expect(screen.queryByTestId('dictionary-save')).toBeNull();
  });
});
