// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge';
import { ResponseCode } from '../../../shared/codes';
import { Delay, LinkTarget, MenuStatus, MenuType } from '../../../shared/constants';
import { menuForm, type MenuForm, type MenuRecord } from '../../../areas/menu/contract';
import { api } from '../../../shared/contract';
import { Perm } from '../../../shared/permissions';
import { createTabReturns, ShellTabContext } from '../screen/shell-tab';
import { UnsavedTabsContext, createUnsavedTabs } from './unsaved-changes';
import { createFakeBridge, type FakeBridge } from '../../testing/fake-bridge';
import { testProviders } from '../../testing/providers';
import { PermissionsProvider } from '../permissions';
import { issuesByField } from './record-form';
import { RecordFormActions, RecordFormFailure, RecordLoader, type LoadedRecord } from './RecordForm';
import { RuleField } from './RuleForm';
import { useRecordForm } from './useRecordForm';

/**
 * The record-form controller in a small form of two fields over the menu endpoints: add and edit mode,
 * reset, the contract's rules, the stale refusal, the return to the list and the unsaved-changes question.
 */

afterEach(cleanup);

type ThingValues = { name: string; perms: string };

const payloadOf = (values: ThingValues): MenuForm => ({
  type: MenuType.Button,
  name: values.name,
  perms: values.perms,
  parentId: 3,
  url: '',
  linkTarget: null,
  orderNum: 0,
  status: MenuStatus.Usable,
  icon: '',
  appFlag: '',
  sysVersion: '',
});

const stored = (name: string, version: number): MenuRecord => ({
  menuId: 5,
  parentId: 3,
  systemMenuId: 1,
  name,
  url: '',
  type: MenuType.Button,
  orderNum: 0,
  status: MenuStatus.Usable,
  perms: 'export',
  linkTarget: LinkTarget.CurrentWindow,
  icon: '',
  appFlag: '',
  sysVersion: '',
  version,
  parentName: 'Menus',
});

function ThingEditor({ record, reload }: LoadedRecord<MenuRecord>) {
  const controller = useRecordForm({
    record,
    initial: { name: record?.name ?? '', perms: record?.perms ?? '' },
    rules: (values) => issuesByField(menuForm, payloadOf(values), ['name', 'perms']),
    endpoints: api.menu,
    add: { endpoint: 'menu.add', payload: payloadOf },
    update: { endpoint: 'menu.update', payload: (values, menu) => ({ ...payloadOf(values), menuId: menu.menuId, version: menu.version }) },
    listPath: '/menu',
    refresh: async () => undefined,
    namePinnedField: () => null,
    reload,
  });
  return (
    <form ref={controller.formRef} onSubmit={controller.submit} noValidate>
      <RuleField form={controller.form} name="name" label="Name" />
      <RuleField form={controller.form} name="perms" label="Key value" />
      <RecordFormFailure controller={controller} data-testid="thing-error" />
      <RecordFormActions controller={controller} testIdPrefix="thing" />
    </form>
  );
}

let fake: FakeBridge;
let answers: Record<string, () => BridgeResult<unknown>>;
beforeEach(() => {
  fake = createFakeBridge();
  answers = {
    'menu.info': () => ({ ok: true, data: stored('Export', 1) }),
    'menu.add': () => ({ ok: true, data: { menuId: 9 } }),
    'menu.update': () => ({ ok: true, data: { menuId: 5, version: 2 } }),
  };
  fake.method('api.call').mockImplementation(async (id: unknown) => answers[String(id)]?.() ?? { ok: true, data: null });
});

const calls = (id: string) =>
  fake
    .method('api.call')
    .mock.calls.filter(([called]) => called === id)
    .map(([, input]) => input);
const field = (name: string) => screen.getByTestId(`field-${name}`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

/** Renders the form at `/menuManage/{idParam}` and waits until it can be used. */
async function renderThing(idParam: string) {
  const rendered = await renderThingScreen(idParam);
  await screen.findByTestId('thing-save');
  return rendered;
}

async function renderThingScreen(idParam: string) {
  const { Wrapper } = await testProviders({ bridge: fake.bridge });
  const unsavedTabs = createUnsavedTabs();
  const closeSelf = vi.fn();
  render(
    <UnsavedTabsContext.Provider value={unsavedTabs}>
      <ShellTabContext.Provider value={{ path: `/menuManage/${idParam}`, returns: createTabReturns(), closeSelf }}>
        <PermissionsProvider permissions={[Perm.menuSave, Perm.menuUpdate]}>
          <RecordLoader
            idParam={idParam}
            endpoint="menu.info"
            input={(id) => ({ menuId: id })}
            listPath="/menu"
            text={{ badAddress: 'Bad address', loadFailed: 'Could not load' }}
            testIdPrefix="thing"
          >
            {(loaded) => <ThingEditor {...loaded} />}
          </RecordLoader>
        </PermissionsProvider>
      </ShellTabContext.Provider>
    </UnsavedTabsContext.Provider>,
    { wrapper: Wrapper },
  );
  return { closeSelf, unsavedTabs, tabPath: `/menuManage/${idParam}` };
}

describe('record form controller: modes', () => {
  it("adds for the id 'null': nothing is read, the fields are blank, and only here is there a reset", async () => {
    await renderThing('null');
    expect(calls('menu.info')).toEqual([]);
    expect(field('name').value).toBe('');
    type('name', 'Export');
    type('perms', 'export');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field('name').value).toBe('');
    expect(field('perms').value).toBe('');
  });

  it('edits a stored record: read first, filled in, no reset, saved with the version read', async () => {
    await renderThing('5');
    expect(calls('menu.info')).toEqual([{ menuId: 5 }]);
    expect(field('name').value).toBe('Export');
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    type('name', 'Export all');
    fireEvent.click(screen.getByTestId('thing-save'));
    await waitFor(() => expect(calls('menu.update')).toHaveLength(1));
    expect(calls('menu.update')[0]).toMatchObject({ menuId: 5, version: 1, name: 'Export all' });
  });

  it('an id that is no record number says so and reads nothing', async () => {
    await renderThingScreen('5x');
    expect((await screen.findByTestId('thing-form-problem')).textContent).toContain('Bad address');
    expect(calls('menu.info')).toEqual([]);
  });
});

describe('record form controller: saving', () => {
  it('a refused save names the rule under each field and puts the cursor in the first invalid one', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await renderThing('null');
    fireEvent.click(screen.getByTestId('thing-save'));
    await screen.findByText('Please enter Name');
    await waitFor(() => expect(document.activeElement).toBe(field('name')));
    expect(scrolled.mock.contexts.at(-1)).toBe(field('name'));

    type('name', 'Export');
    fireEvent.click(screen.getByTestId('thing-save'));
    await waitFor(() => expect(document.activeElement).toBe(field('perms')));
    expect(calls('menu.add')).toEqual([]);
    scrolled.mockRestore();
  });

  it('a stale save is said plainly and reloading starts over from what is stored now', async () => {
    answers['menu.update'] = () => ({ ok: false, code: ResponseCode.StaleRecord, msg: 'Someone else changed this record; reload and try again' });
    await renderThing('5');
    answers['menu.info'] = () => ({ ok: true, data: stored('Export (new)', 2) });
    type('name', 'Mine');
    fireEvent.click(screen.getByTestId('thing-save'));
    const failure = await screen.findByTestId('thing-error');
    expect(failure.textContent).toContain('Not saved: someone else changed this record after you opened it');
    fireEvent.click(within(failure).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(field('name').value).toBe('Export (new)'));
    expect(screen.queryByTestId('thing-error')).toBeNull();
  });

  it('after a save it says so and returns to the list once the redirect delay has passed', async () => {
    const { closeSelf } = await renderThing('null');
    type('name', 'Export');
    type('perms', 'export');
    const started = Date.now();
    fireEvent.click(screen.getByTestId('thing-save'));
    await screen.findByText('Added');
    expect(closeSelf).not.toHaveBeenCalled();
    expect(screen.getByTestId('thing-save').textContent).toContain('Saved; returning to the list…');
    await waitFor(() => expect(closeSelf).toHaveBeenCalledWith('/menu'), { timeout: Delay.formRedirectMs + 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(Delay.formRedirectMs);
  });
});

describe('record form controller: leaving with typed changes', () => {
  it('tells the shell about unsaved changes and asks before going back', async () => {
    const { closeSelf, unsavedTabs, tabPath } = await renderThing('null');
    expect(unsavedTabs.has(tabPath)).toBe(false);
    type('name', 'Export');
    await waitFor(() => expect(unsavedTabs.has(tabPath)).toBe(true));

    fireEvent.click(screen.getByTestId('thing-back'));
    const dialog = await screen.findByTestId('confirm-dialog');
    within(dialog).getByText('Unsaved changes');
    // Fluent's modalizer may hide the dialog from the accessibility tree in jsdom: its buttons are found by text.
    fireEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(closeSelf).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('thing-back'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByText('Discard and leave'));
    await waitFor(() => expect(closeSelf).toHaveBeenCalledWith('/menu'));
  });

  it('typing back what was there is no change: back leaves at once', async () => {
    const { closeSelf, unsavedTabs, tabPath } = await renderThing('5');
    type('name', 'Other');
    type('name', 'Export');
    expect(unsavedTabs.has(tabPath)).toBe(false);
    fireEvent.click(screen.getByTestId('thing-back'));
    expect(closeSelf).toHaveBeenCalledWith('/menu');
  });
});
