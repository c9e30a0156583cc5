// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResult } from '../../shared/bridge';
import { SessionGuard } from '../testing/providers';
import { createFakeBridge } from '../testing/fake-bridge';
import { testProviders } from '../testing/providers';
import { useOfferUndo } from './undo';

afterEach(cleanup);

const KEY = 'k'.repeat(43);

/** A screen that deleted two records and got `answer` back. */
function Deleted({ answer, onRestored }: { answer: unknown; onRestored: () => void }) {
  const offerUndo = useOfferUndo();
  return <button onClick={() => offerUndo(answer, { count: 2, onRestored })}>Delete</button>;
}

async function renderDeleted(answer: unknown, restore: BridgeResult<unknown>) {
  const fake = createFakeBridge();
  fake.method('api.call').mockImplementation(async (id: unknown): Promise<BridgeResult<unknown>> => (id === 'undo.restore' ? restore : { ok: false, code: 'A0404', msg: `unexpected ${String(id)}` }));
  const { Wrapper, reporter } = await testProviders({ bridge: fake.bridge, path: '/list' });
  const onRestored = vi.fn();
  render(
    <>
      <SessionGuard reporter={reporter} />
      <Deleted answer={answer} onRestored={onRestored} />
    </>,
    { wrapper: Wrapper },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const restores = () =>
    fake
      .method('api.call')
      .mock.calls.filter(([id]) => id === 'undo.restore')
      .map(([, input]) => input);
  return { onRestored, restores };
}

describe('the undo toast after a delete', () => {
  it('offers Undo with the count; Undo restores by the key, says so and refreshes', async () => {
    const { onRestored, restores } = await renderDeleted({ undoKey: KEY, undoUntil: '2026-11-26T10:00:10.000Z' }, { ok: true, data: { restored: 5 } });
    const toast = await screen.findByTestId('toast-success');
    expect(toast.textContent).toContain('Deleted 2; you can undo it within 10 seconds');
    fireEvent.click(screen.getByTestId('toast-undo'));
    await screen.findByText('Restored 2');
    expect(restores()).toEqual([{ undoKey: KEY }]);
    expect(onRestored).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal and refreshes nothing", async () => {
    const { onRestored } = await renderDeleted({ undoKey: KEY, undoUntil: '2026-11-26T10:00:10.000Z' }, { ok: false, code: 'A0001', msg: 'The 10 seconds to undo have passed: the delete is final' });
    fireEvent.click(await screen.findByTestId('toast-undo'));
    await screen.findByText('The 10 seconds to undo have passed: the delete is final');
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('says only "Deleted" when the answer carries no key', async () => {
    await renderDeleted(null, { ok: true, data: { restored: 0 } });
    await screen.findByText('Deleted');
    await waitFor(() => expect(screen.queryByTestId('toast-undo')).toBeNull());
  });
});
