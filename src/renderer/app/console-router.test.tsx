// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLocation, UNSAFE_createMemoryHistory as createMemoryHistory, type Location } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Route } from '../../shared/routes';
import { keepShellLocation } from './App';
import { ConsoleRouter, useLiveLocation, useLiveNavigation } from './console-router';

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

  it('tells a reader drawn once for several navigations each one it missed, in order', async () => {
    const drawn: string[][] = [];
    let last = 0;
    function TrailReader() {
      const { seq, between } = useLiveNavigation();
      drawn.push(between(last, seq).map(({ location }) => `${location.pathname}${location.search}`));
      last = seq;
      return null;
    }
    const history = createMemoryHistory({ initialEntries: ['/user'], v5Compat: true });
    render(
      <ConsoleRouter history={history}>
        <TrailReader />
      </ConsoleRouter>,
    );
    act(() => {
      history.push('/menu');
      history.push('/role?x=1');
      history.replace('/role?x=2');
    });
    expect(drawn.at(-1)).toEqual(['/menu', '/role?x=1', '/role?x=2']);
    await act(async () => history.push('/dict'));
    expect(drawn.at(-1)).toEqual(['/dict']);
  });

  it("the app keeps the router's location between shell screens only", () => {
    const at = (pathname: string): Location => ({ pathname, search: '', hash: '', state: null, key: pathname });
    expect(keepShellLocation(at(Route.user), at(Route.role))).toBe(true);
    expect(keepShellLocation(at(Route.home), at(Route.inNotFound))).toBe(true);
    expect(keepShellLocation(at(Route.user), at(Route.login))).toBe(false);
    expect(keepShellLocation(at(Route.user), at(Route.root))).toBe(false);
    expect(keepShellLocation(at(Route.user), at('/no-such-screen'))).toBe(false);
    expect(keepShellLocation(at(Route.login), at(Route.home))).toBe(false);
  });

  it('refuses a live reader outside a router, naming the hook', () => {
    expect(() => render(<LiveReader />)).toThrow(/useLiveLocation is for components inside a ConsoleRouter/);
  });
});
