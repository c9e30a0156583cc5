import { describe, expect, it } from 'vitest';
import { EMPTY_TABS, tabsReducer, type TabsAction, type TabsState } from './tabs';

const run = (actions: TabsAction[], from: TabsState = EMPTY_TABS) => actions.reduce(tabsReducer, from);
const opened = (...paths: string[]) => run(paths.map((path) => ({ type: 'open', path })));

describe('tab bar rules (spec 000 §4)', () => {
  it('opening a menu adds a tab and activates it', () => {
    expect(opened('/menu', '/user')).toEqual({ paths: ['/menu', '/user'], activePath: '/user' });
  });

  it('reuses an open tab instead of adding a second one', () => {
    expect(run([{ type: 'open', path: '/menu' }], opened('/menu', '/user'))).toEqual({ paths: ['/menu', '/user'], activePath: '/menu' });
  });

  it('closing the active tab activates the previous one', () => {
    expect(run([{ type: 'close', path: '/role' }], opened('/menu', '/user', '/role'))).toEqual({ paths: ['/menu', '/user'], activePath: '/user' });
    const middleActive = run([{ type: 'open', path: '/user' }], opened('/menu', '/user', '/role'));
    expect(run([{ type: 'close', path: '/user' }], middleActive)).toEqual({ paths: ['/menu', '/role'], activePath: '/menu' });
  });

  it('closing the first tab while active activates the next one', () => {
    const firstActive = run([{ type: 'open', path: '/menu' }], opened('/menu', '/user', '/role'));
    expect(run([{ type: 'close', path: '/menu' }], firstActive)).toEqual({ paths: ['/user', '/role'], activePath: '/user' });
  });

  it('closing an inactive tab keeps the active one', () => {
    expect(run([{ type: 'close', path: '/menu' }], opened('/menu', '/user', '/role'))).toEqual({ paths: ['/user', '/role'], activePath: '/role' });
  });

  it('closing the last tab clears the view', () => {
    expect(run([{ type: 'close', path: '/menu' }], opened('/menu'))).toEqual({ paths: [], activePath: null });
  });

  it('close all empties the bar; close others keeps only the given tab, active', () => {
    expect(run([{ type: 'closeAll' }], opened('/menu', '/user'))).toEqual(EMPTY_TABS);
    expect(run([{ type: 'closeOthers', path: '/user' }], opened('/menu', '/user', '/role'))).toEqual({ paths: ['/user'], activePath: '/user' });
  });

  it('the home view deactivates without closing, and closing a tab from there activates nothing', () => {
    const home = run([{ type: 'showHome' }], opened('/menu', '/user'));
    expect(home).toEqual({ paths: ['/menu', '/user'], activePath: null });
    expect(run([{ type: 'close', path: '/user' }], home)).toEqual({ paths: ['/menu'], activePath: null });
  });

  it('ignores closing a tab that is not open', () => {
    const state = opened('/menu');
    expect(
      run(
        [
          { type: 'close', path: '/user' },
          { type: 'closeOthers', path: '/user' },
        ],
        state,
      ),
    ).toBe(state);
  });
});
