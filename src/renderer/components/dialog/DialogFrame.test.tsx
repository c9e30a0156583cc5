// @vitest-environment jsdom
import { Input } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge';
import type { GroupRow } from '../../../areas/data-group/contract';
import { createFakeBridge } from '../../testing/fake-bridge';
import { testProviders } from '../../testing/providers';
import { DialogFailure, DialogFrame } from './DialogFrame';
import { useDialogRecordForm } from './useDialogForm';

afterEach(cleanup);

const STORED: GroupRow = { id: 7, name: 'North', number: 'N1', remark: '', organCount: 0, createTime: '2026-01-02T09:30:00.000Z', version: 3 };

/** A group dialog as the screens write one: its fields, on the kit's frame and dialog record form. */
function GroupDialog({ row, onClose, onSaved }: { row: GroupRow | null; onClose: () => void; onSaved: () => void }) {
  const form = useDialogRecordForm({
    record: row,
    initial: { name: row?.name ?? '' },
    issues: (values) => (values.name.trim() === '' ? { name: 'validation.required' as const } : {}),
    add: { endpoint: 'dataGroup.groupAdd', payload: (values) => ({ name: values.name, number: 'N9', remark: '' }) },
    update: { endpoint: 'dataGroup.groupUpdate', payload: (values, stored) => ({ name: values.name, number: stored.number, remark: stored.remark, id: stored.id, version: stored.version }) },
    onSaved,
  });
  return (
    <DialogFrame
      title="Group"
      data-testid="group-dialog"
      busy={form.saving}
      onDismiss={onClose}
      onSubmit={form.save}
      submit={{ label: 'Save', 'data-testid': 'group-save' }}
      cancel={{ 'data-testid': 'group-cancel' }}
    >
      <Input aria-label="Name" value={form.values.name} onChange={(_event, data) => form.change({ name: data.value })} />
      <span data-testid="name-message">{form.message('name', 'Name')}</span>
      <DialogFailure text={form.failure} data-testid="group-failure" />
    </DialogFrame>
  );
}

async function renderDialog(row: GroupRow | null, answer: BridgeResult<unknown>) {
  const fake = createFakeBridge();
  fake.method('api.call').mockResolvedValue(answer);
  const { Wrapper } = await testProviders({ bridge: fake.bridge });
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(<GroupDialog row={row} onClose={onClose} onSaved={onSaved} />, { wrapper: Wrapper });
  await screen.findByTestId('group-dialog');
  return { onClose, onSaved, calls: () => fake.method('api.call').mock.calls };
}

describe('a dialog on the kit’s frame and record form', () => {
  it('names a broken rule and sends nothing, then adds and says so', async () => {
    const { onSaved, calls } = await renderDialog(null, { ok: true, data: null });
    fireEvent.click(screen.getByTestId('group-save'));
    expect(screen.getByTestId('name-message').textContent).toBe('Please enter Name');
    expect(calls()).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'South' } });
    fireEvent.submit(screen.getByRole('textbox', { name: 'Name' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls()).toEqual([['dataGroup.groupAdd', { name: 'South', number: 'N9', remark: '' }]]);
    await screen.findByText('Added');
  });

  it('keeps a refusal in the dialog when editing at the version read; cancel closes it', async () => {
    const { onClose, onSaved, calls } = await renderDialog(STORED, { ok: false, code: 'A0410', msg: 'Someone else saved it' });
    fireEvent.click(screen.getByTestId('group-save'));
    expect((await screen.findByTestId('group-failure')).textContent).toBe('Someone else saved it');
    expect(calls()).toEqual([['dataGroup.groupUpdate', { name: 'North', number: 'N1', remark: '', id: 7, version: 3 }]]);
    expect(onSaved).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('group-cancel'));
    expect(onClose).toHaveBeenCalled();
  });
});
