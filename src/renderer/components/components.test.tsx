// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Perm } from '../../shared/permissions';
import { testProviders } from '../testing/providers';
import { MenuType } from '../../shared/constants';
import { MenuCheckTree, type MenuCheckChange, type MenuTreeNode } from './MenuCheckTree';
import { OrgCascader, type OrgNode } from './OrgCascader';
import { PermissionGate, PermissionsProvider } from './permissions';
import { ErrorState } from './states';
import { BridgeError, TRANSPORT_FAILURE_CODE } from '../bridge';
import { ResponseCode } from '../../shared/codes';

afterEach(cleanup);

const menus: MenuTreeNode[] = [
  {
    menuId: 1,
    name: 'System',
    type: MenuType.System,
    children: [
      { menuId: 2, name: 'Menus', type: MenuType.Menu, children: [] },
      { menuId: 3, name: 'Users', type: MenuType.Menu, children: [] },
    ],
  },
];

describe('MenuCheckTree', () => {
  it('checking one child grants it and its parent, which shows half-checked', async () => {
    const { Wrapper } = await testProviders();
    const changes: MenuCheckChange[] = [];
    function Harness() {
      const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
      return (
        <MenuCheckTree
          aria-label="Menus of the role"
          nodes={menus}
          checked={checked}
          onCheckedChange={(change) => {
            changes.push(change);
            setChecked(change.checked);
          }}
        />
      );
    }
    render(<Harness />, { wrapper: Wrapper });
    const usersCheckbox = screen
      .getAllByRole('checkbox')
      .find((box) => box.closest('[role="treeitem"]')?.textContent?.includes('Users') && !box.closest('[role="treeitem"]')?.textContent?.includes('System'));
    expect(usersCheckbox).toBeTruthy();
    fireEvent.click(usersCheckbox as HTMLElement);
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({ checkedIds: [1, 3] });
    const system = screen.getAllByRole('treeitem').find((item) => item.textContent?.startsWith('System'));
    expect(system?.getAttribute('aria-checked')).toBe('mixed');
  });
});

describe('OrgCascader', () => {
  it('preselects the first organisation once the tree arrives', async () => {
    const { Wrapper } = await testProviders();
    const onChange = vi.fn();
    const orgs: OrgNode[] = [
      { id: 10, name: 'Head office', children: [{ id: 11, name: 'Finance' }] },
      { id: 20, name: 'Branch' },
    ];
    const { rerender } = render(<OrgCascader aria-label="Organisation" nodes={undefined} value={null} onChange={onChange} />, { wrapper: Wrapper });
    expect(onChange).not.toHaveBeenCalled();
    rerender(<OrgCascader aria-label="Organisation" nodes={orgs} value={null} onChange={onChange} />);
    expect(onChange).toHaveBeenCalledWith(10, orgs[0]);
    rerender(<OrgCascader aria-label="Organisation" nodes={orgs} value={10} onChange={onChange} />);
    expect((screen.getByRole('combobox', { name: 'Organisation' }) as HTMLInputElement).value).toBe('Head office');
  });

  it('typing into it while it holds a value narrows the options and keeps the value until one is chosen', async () => {
    const { Wrapper } = await testProviders();
    const onChange = vi.fn();
    const orgs: OrgNode[] = [
      { id: 10, name: 'Head office', children: [{ id: 11, name: 'Finance' }] },
      { id: 20, name: 'Branch' },
    ];
    render(<OrgCascader aria-label="Organisation" nodes={orgs} value={10} onChange={onChange} />, { wrapper: Wrapper });
    const input = screen.getByRole('combobox', { name: 'Organisation' }) as HTMLInputElement;
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'Fin' } });
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['FinanceHead office / Finance']));
    expect(input.value).toBe('Fin');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('option'));
    expect(onChange).toHaveBeenCalledWith(11, orgs[0]!.children![0]);
  });
});

describe('PermissionGate', () => {
  it('shows what the permission list holds and hides the rest', async () => {
    const { Wrapper } = await testProviders();
    render(
      <PermissionsProvider permissions={[Perm.userSave]}>
        <PermissionGate perm={Perm.userSave}>
          <button type="button">Add</button>
        </PermissionGate>
        <PermissionGate perm={Perm.userDelete}>
          <button type="button">Delete</button>
        </PermissionGate>
        <PermissionGate perm={[Perm.userDelete, Perm.userSave]}>
          <button type="button">Either</button>
        </PermissionGate>
      </PermissionsProvider>,
      { wrapper: Wrapper },
    );
    screen.getByRole('button', { name: 'Add' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    screen.getByRole('button', { name: 'Either' });
  });
});

describe('ErrorState', () => {
  it("names the server's refusal, but not an unreachable server's address or socket error, which the banner says", async () => {
    const { Wrapper } = await testProviders();
    const unreachable = 'POST /api/sys/menu/list: the server at http://127.0.0.1:44083 could not be reached (fetch failed: ECONNREFUSED)';
    render(
      <>
        <ErrorState title="Could not load the list" error={new BridgeError(ResponseCode.Unreachable, unreachable)} />
        <ErrorState title="Could not load the list" error={new BridgeError(TRANSPORT_FAILURE_CODE, 'HTTP 502')} />
        <ErrorState title="Could not load the list" error={new BridgeError(ResponseCode.NotFound, 'No such menu')} />
      </>,
      { wrapper: Wrapper },
    );
    expect(screen.getAllByTestId('error-state').map((state) => state.textContent)).toEqual(['Could not load the list', 'Could not load the list', 'Could not load the list: No such menu']);
  });
});
