// @vitest-environment jsdom
import { Button, FluentProvider, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { submenuOpenChange } from './submenu';

afterEach(cleanup);

function Languages() {
  const [open, setOpen] = useState(false);
  return (
    <Menu open={open} onOpenChange={submenuOpenChange(setOpen)}>
      <MenuTrigger disableButtonEnhancement>
        <MenuItem data-testid="languages">Language</MenuItem>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem data-testid="english">English</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

function renderUserMenu() {
  render(
    <FluentProvider theme={webLightTheme}>
      <Menu defaultOpen>
        <MenuTrigger disableButtonEnhancement>
          <Button>User</Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <Languages />
          </MenuList>
        </MenuPopover>
      </Menu>
    </FluentProvider>,
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('a submenu', () => {
  it('stays open when its item is clicked after the pointer has rested on it and opened it', async () => {
    renderUserMenu();
    fireEvent.mouseMove(screen.getByTestId('languages'));
    await screen.findByTestId('english', undefined, { timeout: 2000 });
    fireEvent.click(screen.getByTestId('languages'));
    await settle();
    expect(screen.queryByTestId('english')).not.toBeNull();
  });

  it('opens on a click of its item alone, and closes with Esc', async () => {
    renderUserMenu();
    fireEvent.click(screen.getByTestId('languages'));
    await screen.findByTestId('english');
    fireEvent.keyDown(screen.getByTestId('english'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('english')).toBeNull());
  });
});
