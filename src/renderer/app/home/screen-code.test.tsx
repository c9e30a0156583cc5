// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route } from '../../../shared/routes';
import type { FeatureRoute } from '../feature-routes';
import { loadScreen, screenComponentOf } from './screen-code';

afterEach(cleanup);

const routeOf = (text: string): FeatureRoute => ({ path: Route.user, load: async () => ({ default: () => <p>{text}</p> }) });

function Shown({ route }: { route: FeatureRoute }) {
  const Screen = screenComponentOf(route);
  return (
    <Suspense fallback={<p>loading</p>}>
      <Screen />
    </Suspense>
  );
}

describe('a screen’s code', () => {
  it('renders a screen whose code the preload brought in its first commit, with no fallback for React to hold back', async () => {
    const route = routeOf('the list');
    await loadScreen(route);
    render(<Shown route={route} />);
    expect(screen.getByText('the list')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('loads a screen not preloaded behind its fallback, and keeps it for the tabs opened after', async () => {
    const route = routeOf('the form');
    render(<Shown route={route} />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the form')).toBeTruthy();
    cleanup();
    render(<Shown route={route} />);
    expect(screen.getByText('the form')).toBeTruthy();
  });
});
