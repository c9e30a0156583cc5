// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLocation, UNSAFE_createMemoryHistory as createMemoryHistory, type Location } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleRouter, useLiveLocation } from './console-router';

afterEach(cleanup);

const renders = { router: 0, live: 0 };

function RouterReader() {
  renders.router += 1;
  return <output data-testid="router">{useLocation().pathname}</output>;
}

function LiveReader() {
  renders.live += 1;
  return <output data-testid="live">{useLiveLocation().pathname}</output>;
}

const inShell = (location: Location) => location.pathname !== '/login';

function renderRouter(path: string, keepLocation?: (from: Location, to: Location) => boolean) {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  render(
    <ConsoleRouter history={history} keepLocation={keepLocation}>
      <RouterReader />
      <LiveReader />
    </ConsoleRouter>,
  );
  return history;
}

const shown = (testId: string) => screen.getByTestId(testId).textContent;

describe('ConsoleRouter', () => {
  it('keeps its location while keepLocation holds, and the live reader follows every address', async () => {
    const history = renderRouter('/user', (from, to) => inShell(from) && inShell(to));
    renders.router = 0;

    await act(async () => history.push('/menu'));
    await act(async () => history.push('/role?x=1'));
    expect(shown('live')).toBe('/role');
    expect(shown('router')).toBe('/user');
    expect(renders.router).toBe(0);

    await act(async () => history.push('/login'));
    expect(shown('router')).toBe('/login');
    expect(shown('live')).toBe('/login');

    await act(async () => history.go(-1));
    expect(shown('router')).toBe('/role');
  });

  it('without keepLocation moves its location with every address, as a router does', async () => {
    const history = renderRouter('/user');
    await act(async () => history.push('/menu'));
    expect(shown('router')).toBe('/menu');
    expect(shown('live')).toBe('/menu');
    await act(async () => history.replace('/role'));
    expect(shown('router')).toBe('/role');
  });

  it('refuses a live reader outside a router, naming the hook', () => {
    expect(() => render(<LiveReader />)).toThrow(/useLiveLocation is for components inside a ConsoleRouter/);
  });
});
