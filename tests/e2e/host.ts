import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, type Page } from '@playwright/test';
import { DEFAULT_ADMIN_PASSWORD } from '../../src/shared/defaults';
import { RENDERER_DIR, TEMPLATE_DIR } from './global-setup';

export const ADMIN_PASSWORD = 'Admin_2026e2e';

/** The browser host started by its own CLI, on a copy of the seeded template, with a private CONSOLE_HOME. */
export interface Host {
  /** The printed address, carrying this run's key. */
  url: string;
  origin: string;
  home: string;
  /** Whether the seeded administrator's forced first password change has been made on this host. */
  adminPasswordChanged: boolean;
  close(): Promise<void>;
}

export async function startHost(env: NodeJS.ProcessEnv = {}): Promise<Host> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const dataDir = path.join(home, 'data');
  cpSync(TEMPLATE_DIR, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/browser-host/cli.ts', '--port', '0', '--vault', 'memory', '--data', dataDir, '--renderer', RENDERER_DIR], {
    env: { ...process.env, CONSOLE_HOME: home, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the browser host exited with ${code}`)));
  });
  return {
    url,
    origin: new URL(url).origin,
    home,
    adminPasswordChanged: false,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Signs in on the sign-in page as a person would. */
export async function fillSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('field-username').fill(username);
  await page.getByTestId('field-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** First sign-in of the seeded administrator: the forced change, then a sign-in with the new password. */
export async function signInAdminFirstTime(page: Page, host: Host): Promise<void> {
  await page.goto(host.url);
  await fillSignIn(page, 'admin', DEFAULT_ADMIN_PASSWORD);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('field-oldPassword').fill(DEFAULT_ADMIN_PASSWORD);
  await dialog.getByTestId('field-newPassword').fill(ADMIN_PASSWORD);
  await dialog.getByTestId('field-confirmPassword').fill(ADMIN_PASSWORD);
  await dialog.getByTestId('password-submit').click();
  await expect(dialog).toBeHidden();
  host.adminPasswordChanged = true;
  await fillSignIn(page, 'admin', ADMIN_PASSWORD);
}

/** Chooses a system (by its shown name) and enters when the identity dialog asks; the first system otherwise. */
export async function enterIdentity(page: Page, systemName?: string): Promise<void> {
  const dialog = page.getByTestId('identity-dialog');
  await expect(dialog).toBeVisible();
  if (systemName) await dialog.getByRole('radio', { name: new RegExp(systemName) }).check();
  await dialog.getByTestId('identity-enter').click();
  await expect(page.getByTestId('home-shell')).toBeVisible();
}

/** Signs the administrator in and enters the first system: the state most screen tests start from. */
export async function signInAdmin(page: Page, host: Host): Promise<void> {
  if (host.adminPasswordChanged) {
    await page.goto(host.url);
    await fillSignIn(page, 'admin', ADMIN_PASSWORD);
  } else {
    await signInAdminFirstTime(page, host);
  }
  await enterIdentity(page);
}
