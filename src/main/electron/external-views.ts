import { BrowserWindow, WebContentsView, shell } from 'electron';
import type { ExternalViewRequest } from '../../shared/bridge';
import { ResponseCode } from '../../shared/codes';
import type { ViewHost } from '../core/bridge-core';
import { CodedError, InputError } from '../core/errors';
import { externalViewWebPreferences, isAllowedExternalNavigation, popupWindowOptions } from './security';
import { toViewBounds } from './view-bounds';
import type { Rect } from './window-bounds';

/**
 * External menu targets: one WebContentsView per external tab, laid over the tab's content area of the
 * main window, only the active one visible. Pop-up targets open in their own window. Both use the
 * external webPreferences; navigation, window.open and permissions are guarded for their partition in
 * web-contents-guards.ts. The core has validated tab keys and URLs already; the URL rule is applied
 * again here because this is where a page is actually loaded.
 */
export class ElectronViewHost implements ViewHost {
  private readonly views = new Map<string, { view: WebContentsView; url: string }>();

  constructor(private readonly getWindow: () => BrowserWindow | null) {}

  async showExternal(request: ExternalViewRequest): Promise<void> {
    const window = this.openWindow();
    const url = requireExternalUrl(request.url);
    const bounds = this.viewBounds(window, request.bounds);
    let entry = this.views.get(request.tabKey);
    if (!entry) {
      const view = new WebContentsView({ webPreferences: externalViewWebPreferences() });
      window.contentView.addChildView(view);
      entry = { view, url: '' };
      this.views.set(request.tabKey, entry);
    }
    for (const [key, other] of this.views) if (key !== request.tabKey) other.view.setVisible(false);
    entry.view.setBounds(bounds);
    entry.view.setVisible(true);
    if (entry.url !== url) {
      entry.url = url;
      await this.load(request.tabKey, entry, url);
    }
  }

  /**
   * Loads the page, answering once it has loaded. A page that does not load (no answer, a refused connection, an
   * unknown host) is hidden rather than left showing Chromium's error page, and the renderer is told, so it can
   * say so in the reader's language and offer to retry (the next show loads again) or open the browser.
   */
  private async load(tabKey: string, entry: { view: WebContentsView; url: string }, url: string): Promise<void> {
    try {
      await entry.view.webContents.loadURL(url);
    } catch (error) {
      const reason = loadFailureOf(error);
      // Another navigation replaced this one (a redirect, the tab shown with a new address): not a failure.
      if (reason === 'ERR_ABORTED' || this.views.get(tabKey) !== entry || entry.url !== url) return;
      entry.url = '';
      entry.view.setVisible(false);
      throw new CodedError(ResponseCode.Unreachable, `url: ${url} did not load (${reason})`);
    }
  }

  /** Opens the address in the user's browser, under the same rule as the views (http and https, no credentials). */
  async openInBrowser(url: string): Promise<void> {
    await shell.openExternal(requireExternalUrl(url));
  }

  async setBounds(request: ExternalViewRequest): Promise<void> {
    const window = this.openWindow();
    this.entry(request.tabKey).view.setBounds(this.viewBounds(window, request.bounds));
  }

  async reloadExternal(tabKey: string): Promise<void> {
    this.entry(tabKey).view.webContents.reload();
  }

  /** null hides every view: the renderer does that while a dialog or a non-external tab covers the content area. */
  async hideExternal(tabKey: string | null): Promise<void> {
    if (tabKey === null) {
      for (const { view } of this.views.values()) view.setVisible(false);
      return;
    }
    this.entry(tabKey).view.setVisible(false);
  }

  async closeExternal(tabKey: string): Promise<void> {
    const entry = this.views.get(tabKey);
    if (!entry) return;
    this.views.delete(tabKey);
    const window = this.getWindow();
    if (window && !window.isDestroyed()) window.contentView.removeChildView(entry.view);
    // A WebContentsView's page lives until it is closed explicitly.
    entry.view.webContents.close();
  }

  async openPopup(url: string): Promise<void> {
    const target = requireExternalUrl(url);
    const popup = new BrowserWindow(popupWindowOptions()); // eng-disable SANDBOX_JS_CHECK CONTEXT_ISOLATION_JS_CHECK AUXCLICK_JS_CHECK -- all three are set by popupWindowOptions(), unit-tested in security.test.ts
    popup.once('ready-to-show', () => popup.show());
    popup.loadURL(target).catch(() => undefined);
  }

  /** The main window is going away: its views go with it. */
  closeAll(): void {
    for (const tabKey of [...this.views.keys()]) void this.closeExternal(tabKey);
  }

  private openWindow(): BrowserWindow {
    const window = this.getWindow();
    if (!window || window.isDestroyed()) throw new CodedError(ResponseCode.ServerError, 'The console window is closed');
    return window;
  }

  private entry(tabKey: string): { view: WebContentsView; url: string } {
    const entry = this.views.get(tabKey);
    if (!entry) throw new CodedError(ResponseCode.NotFound, `tabKey: no external page is open for ${tabKey}`);
    return entry;
  }

  private viewBounds(window: BrowserWindow, bounds: unknown): Rect {
    const scaled = toViewBounds(bounds, window.webContents.getZoomFactor());
    if (!scaled) throw new InputError('bounds: expected a rectangle of non-negative numbers');
    return scaled;
  }
}

/** Chromium's name of a load failure (ERR_CONNECTION_REFUSED), as Electron's loadURL rejects with it. */
function loadFailureOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : error instanceof Error ? error.message : String(error);
}

function requireExternalUrl(url: string): string {
  if (!isAllowedExternalNavigation(url)) throw new InputError('url: only http and https addresses can be opened');
  return url;
}
