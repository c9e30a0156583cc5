// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testProviders } from '../../testing/providers';
import { ShownOnceDialog, type ShownOnceDialogProps } from './ShownOnceDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Shown(props: Partial<ShownOnceDialogProps>) {
  const [value, setValue] = useState<string | null>('s3cr3t-VALUE');
  return (
    <ShownOnceDialog
      value={value}
      title="Application secret"
      intro="The secret of the application billing:"
      label="Secret"
      copyLabel="Copy secret"
      notice="Shown only this once."
      testId="thing"
      onClose={() => setValue(null)}
      {...props}
    />
  );
}

async function show(props: Partial<ShownOnceDialogProps> = {}) {
  const { Wrapper } = await testProviders();
  render(<Shown {...props} />, { wrapper: Wrapper });
  return screen.findByTestId('thing-dialog');
}

describe('ShownOnceDialog', () => {
  it('shows the value read-only with its intro and notice, and copies it to the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const dialog = await show();
    const value = screen.getByTestId('thing-value') as HTMLInputElement;
    expect(value.value).toBe('s3cr3t-VALUE');
    expect(value.readOnly).toBe(true);
    expect(dialog.textContent).toContain('The secret of the application billing:');
    expect(dialog.textContent).toContain('Shown only this once.');
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith('s3cr3t-VALUE');
    expect(await screen.findByText('Copied to the clipboard')).toBeTruthy();
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    await show();
    fireEvent.click(screen.getByTestId('thing-copy'));
    expect(await screen.findByText('The clipboard cannot be reached; select the text and copy it by hand')).toBeTruthy();
  });

  it('closes an alert only by its button, and a dismissible one by Escape too', async () => {
    const dialog = await show();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByTestId('thing-dialog')).not.toBeNull();
    fireEvent.click(screen.getByTestId('thing-close'));
    await waitFor(() => expect(screen.queryByTestId('thing-dialog')).toBeNull());
    cleanup();

    const dismissible = await show({ closing: 'dismissible' });
    fireEvent.keyDown(dismissible, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('thing-dialog')).toBeNull());
  });
});
