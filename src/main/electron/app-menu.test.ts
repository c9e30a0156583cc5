import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../shared/constants';
import { appMenuTemplate, type AppMenuActions } from './app-menu';

const actions = (): AppMenuActions => ({ userGuide: vi.fn(), about: vi.fn(), openLogsFolder: vi.fn(), copyDiagnostics: vi.fn() });

/** Every item of the menu, depth first. */
function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}
const roles = (template: MenuItemConstructorOptions[]) => items(template).flatMap((item) => (item.role ? [item.role] : []));
const labels = (template: MenuItemConstructorOptions[]) => template.map((item) => item.label);
const find = (template: MenuItemConstructorOptions[], id: string) => items(template).find((item) => item.id === id);

describe('the application menu', () => {
  it('has no reload and no developer tools in a packaged build, on every platform', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const template = appMenuTemplate({ platform, packaged: true, locale: 'en_US', appName: 'Back-office Console', actions: actions() });
      expect(roles(template)).not.toContain('toggleDevTools');
      expect(roles(template)).not.toContain('reload');
      expect(roles(template)).not.toContain('forceReload');
    }
  });

  it('offers reload and the developer tools in development', () => {
    const template = appMenuTemplate({ platform: 'linux', packaged: false, locale: 'en_US', appName: 'Back-office Console', actions: actions() });
    expect(roles(template)).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
    expect(roles(template)).not.toContain('forceReload');
  });

  it('follows Windows conventions: File › Exit, About at the end of Help', () => {
    const template = appMenuTemplate({ platform: 'win32', packaged: true, locale: 'en_US', appName: 'Back-office Console', actions: actions() });
    expect(labels(template)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    const help = template[4]?.submenu as MenuItemConstructorOptions[];
    expect(help.filter((item) => item.type !== 'separator').map((item) => item.label)).toEqual(['User Guide', 'Open Logs Folder', 'Copy Diagnostics', 'About Back-office Console']);
    expect((template[0]?.submenu as MenuItemConstructorOptions[])[0]).toMatchObject({ role: 'quit', label: 'Exit' });
  });

  it('follows macOS conventions: the app menu first with About and Quit, none in Help', () => {
    const template = appMenuTemplate({ platform: 'darwin', packaged: true, locale: 'en_US', appName: 'Back-office Console', actions: actions() });
    expect(labels(template)).toEqual(['Back-office Console', 'Edit', 'View', 'Window', 'Help']);
    const appMenu = template[0]?.submenu as MenuItemConstructorOptions[];
    expect(appMenu[0]).toMatchObject({ id: 'about', label: 'About Back-office Console' });
    expect(appMenu.at(-1)).toMatchObject({ role: 'quit', label: 'Quit Back-office Console' });
    expect((template[4]?.submenu as MenuItemConstructorOptions[]).some((item) => item.id === 'about')).toBe(false);
    expect(roles(template)).toEqual(expect.arrayContaining(['hide', 'hideOthers', 'unhide', 'zoom']));
  });

  it('speaks each of the five languages, every item labelled', () => {
    const helpLabels = new Set<string>();
    for (const locale of LOCALES) {
      const template = appMenuTemplate({ platform: 'win32', packaged: false, locale, appName: 'Back-office Console', actions: actions() });
      for (const item of items(template)) if (item.type !== 'separator') expect(item.label, `${locale}: ${item.role ?? item.id}`).toMatch(/\S/);
      helpLabels.add(String(template[4]?.label));
    }
    expect([...helpLabels]).toEqual(['帮助', 'Help', 'Hilfe', '도움말', 'ヘルプ']);
    expect(labels(appMenuTemplate({ platform: 'win32', packaged: true, locale: 'de_DE', appName: 'X', actions: actions() }))).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe']);
  });

  it('runs the product’s own actions from Help', () => {
    const run = actions();
    const template = appMenuTemplate({ platform: 'win32', packaged: true, locale: 'zh_CN', appName: 'Back-office Console', actions: run });
    const click = (id: string) => (find(template, id)?.click as () => void)();
    click('user-guide');
    click('about');
    click('open-logs');
    click('copy-diagnostics');
    expect(run.userGuide).toHaveBeenCalledOnce();
    expect(run.about).toHaveBeenCalledOnce();
    expect(run.openLogsFolder).toHaveBeenCalledOnce();
    expect(run.copyDiagnostics).toHaveBeenCalledOnce();
    expect(find(template, 'user-guide')?.label).toBe('用户手册');
  });
});
