import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test, type Cookie, type Page } from '@playwright/test';
import { browserHostArgs } from '../../scripts/server-command';
import { startServer, type RunningServer, type StartOptions } from '../../src/server';
import { scratchDir } from '../../src/server/testing/scratch';
import {
  BROWSER_HOST_BRIDGE_PATH,
  BROWSER_HOST_PAGE_SECRET_HEADER,
  BROWSER_HOST_PAGE_SECRET_META,
  type BridgeMethod,
  type BridgeResult,
  type CallableEndpointId,
  type CallInput,
  type CallOutput,
} from '../../src/shared/bridge';
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
  /** The session cookie the printed address gave (its key works once), for the pages of later tests. */
  cookies: Cookie[];
  close(): Promise<void>;
}

function templateCopy(): { home: string; dataDir: string } {
  const home = scratchDir('console-e2e-');
  const dataDir = path.join(home, 'data');
  cpSync(TEMPLATE_DIR, dataDir, { recursive: true });
  return { home, dataDir };
}

/** `args` are more options of the browser host's command line (its providers' URLs, its outbound rule). */
export async function startHost(env: NodeJS.ProcessEnv = {}, args: string[] = []): Promise<Host> {
  const copy = templateCopy();
  const host = await launchHost(copy, env, args);
  return {
    ...host,
    async close() {
      await host.close();
      rmSync(copy.home, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** A browser host whose server runs in the test's own process, so a test can act on the server directly. */
export interface HostWithServer extends Host {
  server: RunningServer;
}

/** `options` give the server its providers' URLs and its outbound rule, which it never reads from the environment. */
export async function startHostWithServer(options: Pick<StartOptions, 'providers' | 'outbound'> = {}): Promise<HostWithServer> {
  const copy = templateCopy();
  const server = await startServer({ port: 0, dataDir: copy.dataDir, quiet: true, ...options });
  const host = await launchHost(copy, { CONSOLE_SERVER_URL: server.url });
  return {
    ...host,
    server,
    async close() {
      // The host signs out as it stops, so the server goes after it.
      await host.close();
      await server.close();
      rmSync(copy.home, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

async function launchHost({ home, dataDir }: { home: string; dataDir: string }, env: NodeJS.ProcessEnv, args: string[] = []): Promise<Host> {
  const child: ChildProcess = spawn(process.execPath, browserHostArgs(['--port', '0', '--vault', 'memory', '--data', dataDir, '--renderer', RENDERER_DIR, ...args]), {
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
    cookies: [],
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Opens the console in the page: by the printed address the first time, then by the cookie it gave (the key works once). */
export async function openConsole(page: Page, host: Host): Promise<void> {
  if (host.cookies.length === 0) {
    await page.goto(host.url);
    host.cookies = await page.context().cookies(host.origin);
    return;
  }
  await page.context().addCookies(host.cookies);
  await page.goto(`${host.origin}/`);
}

/** Signs in on the sign-in page as a person would. */
export async function fillSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('field-username').fill(username);
  await page.getByTestId('field-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Signs in on the sign-in page; when the server demands a new password first (70001), makes the forced
 * change to `newPassword`, which signs in with it. Ends where the identity dialog or the Home shell shows.
 * Says whether the change was demanded.
 */
export async function signInChangingPassword(page: Page, username: string, password: string, newPassword: string): Promise<boolean> {
  await fillSignIn(page, username, password);
  const forced = page.getByTestId('password-dialog');
  await expect(forced.or(page.getByTestId('identity-dialog')).or(page.getByTestId('home-shell')).first()).toBeVisible();
  if (!(await forced.isVisible())) return false;
  await forced.getByTestId('field-oldPassword').fill(password);
  await forced.getByTestId('field-newPassword').fill(newPassword);
  await forced.getByTestId('field-confirmPassword').fill(newPassword);
  await forced.getByTestId('password-submit').click();
  await expect(forced).toBeHidden();
  // The change signs in by itself: no second sign-in (issue 51).
  await expect(page.getByTestId('identity-dialog').or(page.getByTestId('home-shell')).first()).toBeVisible();
  return true;
}

/** First sign-in of the seeded administrator, with the forced change; says whether the change was demanded. */
export async function signInAdminFirstTime(page: Page, host: Host): Promise<boolean> {
  await openConsole(page, host);
  const forced = await signInChangingPassword(page, 'admin', DEFAULT_ADMIN_PASSWORD, ADMIN_PASSWORD);
  host.adminPasswordChanged = true;
  return forced;
}

/**
 * Chooses a system (by its shown name, else the preselected one) and enters when the identity dialog asks.
 * After a sign-in the dialog always asks; within a session (a reload) the session's choice is restored without it,
 * and a system asked for by name is then chosen through the user menu's switch.
 */
export async function enterIdentity(page: Page, systemName?: string): Promise<void> {
  const dialog = page.getByTestId('identity-dialog');
  const shell = page.getByTestId('home-shell');
  await expect(dialog.or(shell).first()).toBeVisible();
  if (!(await dialog.isVisible())) {
    if (!systemName) return;
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-switch-identity').click();
    await expect(dialog).toBeVisible();
  }
  if (systemName) await dialog.getByRole('radio', { name: new RegExp(systemName) }).check();
  await dialog.getByTestId('identity-enter').click();
  await expect(dialog).toBeHidden();
  await expect(shell).toBeVisible();
}

/** Signs the administrator in and enters the first system: the state most screen tests start from. */
export async function signInAdmin(page: Page, host: Host): Promise<void> {
  if (host.adminPasswordChanged) {
    await openConsole(page, host);
    await fillSignIn(page, 'admin', ADMIN_PASSWORD);
  } else {
    await signInAdminFirstTime(page, host);
  }
  await enterIdentity(page);
}

/** Signs out through the user menu, confirming, and waits for the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-sign-out').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('login-card')).toBeVisible();
}

/** Opens a route of the console (`/login`, `/Home`, …) in a page that holds this run's cookie. */
export async function openAt(page: Page, host: Host, route: string): Promise<void> {
  if (!page.url().startsWith(host.origin)) await openConsole(page, host);
  await page.goto(`${host.origin}/#${route}`);
}

/** A bridge method called from the page as the renderer calls it (the page's cookie and secret, the session's role and tokens). */
export async function bridgeCall(page: Page, method: BridgeMethod, args: unknown[] = []): Promise<string> {
  return page.evaluate(
    async ({ path, header, meta, method, args }) => {
      const secret = document.querySelector(`meta[name="${meta}"]`)?.getAttribute('content') ?? '';
      const response = await fetch(`${path}/${method}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [header]: secret },
        body: JSON.stringify({ args }),
      });
      return response.text();
    },
    { path: BROWSER_HOST_BRIDGE_PATH, header: BROWSER_HOST_PAGE_SECRET_HEADER, meta: BROWSER_HOST_PAGE_SECRET_META, method, args },
  );
}

/** An endpoint of the contract called through the page's bridge. */
export async function apiCall<Id extends CallableEndpointId>(page: Page, id: Id, input: CallInput<Id>): Promise<BridgeResult<CallOutput<Id>>> {
  return JSON.parse(await bridgeCall(page, 'api.call', [id, input])) as BridgeResult<CallOutput<Id>>;
}

/** An endpoint's data, called through the page's bridge; a refused call fails the test with its code and message. */
export async function apiData<Id extends CallableEndpointId>(page: Page, id: Id, input: CallInput<Id>): Promise<CallOutput<Id>> {
  const result = await apiCall(page, id, input);
  if (!result.ok) throw new Error(`${id} failed: ${result.code} ${result.msg}`);
  return result.data;
}

/**
 * The host of one spec file, started before its first test and closed after its last. The object is returned
 * at once, for the spec to name at its top level, and filled in as the host starts, before any test runs.
 */
export function hostForSpecFile<H extends Host>(start: () => Promise<H>): H {
  const host = {} as H;
  test.beforeAll(async () => {
    Object.assign(host, await start());
  });
  test.afterAll(async () => {
    await host.close();
  });
  return host;
}

/** The pane of the Home shell's tab that shows `path`. */
export const tabPane = (page: Page, path: string) => page.locator(`[data-testid="tab-pane"][data-path="${path}"]`);

/** A toast of the app's toaster, by its intent and text (the text is also echoed in a live region for screen readers). */
export const toast = (page: Page, intent: 'success' | 'warning' | 'error', text: string) => page.getByTestId(`toast-${intent}`).filter({ hasText: text });
