// @vitest-environment jsdom
import { Button, Dialog, DialogBody, DialogSurface, DialogTitle, FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useEscapeClosesTopOverlay } from './overlay';

afterEach(cleanup);

function Page({ nested }: { nested?: boolean }) {
  useEscapeClosesTopOverlay();
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(Boolean(nested));
  return (
    <FluentProvider theme={webLightTheme}>
      <Button data-testid="behind">behind</Button>
      <Dialog open={outer} onOpenChange={(_event, data) => setOuter(data.open)}>
        <DialogSurface data-testid="outer">
          <DialogBody>
            <DialogTitle>Outer</DialogTitle>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <Dialog open={inner} onOpenChange={(_event, data) => setInner(data.open)}>
        <DialogSurface data-testid="inner">
          <DialogBody>
            <DialogTitle>Inner</DialogTitle>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </FluentProvider>
  );
}

describe('Esc and overlays', () => {
  it('closes the dialog on view when the focus is on the page behind it', () => {
    render(<Page />);
    expect(screen.getByTestId('outer')).toBeTruthy();
    act(() => document.body.focus());
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('outer')).toBeNull();
  });

  it('closes only the top overlay, even when the focus is in the one below', () => {
    render(<Page nested />);
    fireEvent.keyDown(screen.getByTestId('outer'), { key: 'Escape' });
    expect(screen.queryByTestId('inner')).toBeNull();
    expect(screen.getByTestId('outer')).toBeTruthy();
  });

  it('leaves other keys and a page without overlays alone', () => {
    render(<Page />);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(screen.getByTestId('outer')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('outer')).toBeNull();
    expect(fireEvent.keyDown(screen.getByTestId('behind'), { key: 'Escape' })).toBe(true);
  });
});
