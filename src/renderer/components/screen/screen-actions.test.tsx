// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenActionRegistry, ScreenActionsContext, useOfferedAction } from './screen-actions';
import { createTabReturns, ShellTabContext } from './shell-tab';

afterEach(cleanup);

/** A kept list's add offer, counting its renders. */
function OfferedAdd({ renders }: { renders: () => void }) {
  renders();
  const add = useOfferedAction('add');
  return <p data-testid="offered">{add ? add.label : 'none'}</p>;
}

describe('the action a screen offers', () => {
  it('follows its own tab’s registrations, and does not render again when a screen in another tab registers its own', () => {
    const registry = new ScreenActionRegistry();
    const renders = vi.fn();
    render(
      <ScreenActionsContext.Provider value={registry}>
        <ShellTabContext.Provider value={{ path: '/userManage', returns: createTabReturns(), closeSelf: vi.fn() }}>
          <OfferedAdd renders={renders} />
        </ShellTabContext.Provider>
      </ScreenActionsContext.Provider>,
    );
    expect(screen.getByTestId('offered').textContent).toBe('none');

    act(() => registry.set('/userManage', { id: 'add', label: 'Add user', run: vi.fn() }));
    expect(screen.getByTestId('offered').textContent).toBe('Add user');
    const rendersAfterOwn = renders.mock.calls.length;

    act(() => {
      registry.set('/roleManage', { id: 'add', label: 'Add role', run: vi.fn() });
      registry.set('/roleManage', { id: 'refresh', label: 'Refresh', run: vi.fn() });
      registry.remove('/roleManage', 'add');
    });
    expect(renders.mock.calls.length).toBe(rendersAfterOwn);

    act(() => registry.remove('/userManage', 'add'));
    expect(screen.getByTestId('offered').textContent).toBe('none');
  });
});
