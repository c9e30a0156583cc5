// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { createFakeBridge } from '../../testing/fake-bridge';
import { testProviders } from '../../testing/providers';
import { ThemeMenu } from './ThemeMenu';
import { ThemeProvider } from './ThemeProvider';

afterEach(cleanup);

async function renderMenu() {
  const fake = createFakeBridge();
  const { Wrapper } = await testProviders({ bridge: fake.bridge });
  render(
    <Wrapper>
      <ThemeProvider initial="system">
        <div data-testid="themed">
          <ThemeMenu />
        </div>
      </ThemeProvider>
    </Wrapper>,
  );
  const provider = () => screen.getByTestId('themed').closest('[data-theme]')!;
  return { fake, provider };
}

describe('ThemeMenu', () => {
  it('follows the system by default, then stores and shows a chosen theme', async () => {
    const { fake, provider } = await renderMenu();
    // jsdom asks for no dark appearance and no forced colours: the system's theme is the light one.
    expect(provider().getAttribute('data-theme')).toBe('light');
    fake.method('settings.set').mockResolvedValueOnce({ ok: true, data: { serverUrl: '', serverUrlManaged: false, language: 'en_US', theme: 'dark' } });
    fireEvent.click(screen.getByTestId('menu-theme'));
    fireEvent.click(await screen.findByTestId('theme-dark'));
    await waitFor(() => expect(provider().getAttribute('data-theme')).toBe('dark'));
    expect(fake.method('settings.set')).toHaveBeenCalledWith({ theme: 'dark' });
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('keeps the theme shown when the settings refuse the change', async () => {
    const { fake, provider } = await renderMenu();
    fake.method('settings.set').mockResolvedValueOnce({ ok: false, code: ResponseCode.InvalidInput, msg: 'settings: theme must be one of system, light, dark, highContrast' });
    fireEvent.click(screen.getByTestId('menu-theme'));
    fireEvent.click(await screen.findByTestId('theme-highContrast'));
    await waitFor(() => expect(fake.method('settings.set')).toHaveBeenCalledWith({ theme: 'highContrast' }));
    expect(provider().getAttribute('data-theme')).toBe('light');
  });
});
