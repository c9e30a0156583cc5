import { beforeEach, describe, expect, it, vi } from 'vitest';
import { externalViewWebPreferences, popupWindowOptions } from './security';

interface FakeView {
  options: unknown;
  bounds: unknown;
  visible: boolean;
  webContents: { loadURL: ReturnType<typeof vi.fn>; reload: ReturnType<typeof vi.fn>; close: ReturnType<typeof vi.fn> };
  setBounds(bounds: unknown): void;
  setVisible(visible: boolean): void;
}

const createdViews: FakeView[] = [];
const createdPopups: Array<{ options: unknown; loadURL: ReturnType<typeof vi.fn> }> = [];
const openedInBrowser: string[] = [];
/** The failures the next page loads end with, in turn (none: the load succeeds). */
const loadFailures: Error[] = [];

vi.mock('electron', () => ({
  shell: {
    openExternal: vi.fn(async (url: string) => {
      openedInBrowser.push(url);
    }),
  },
  WebContentsView: class {
    options: unknown;
    bounds: unknown = null;
    visible = true;
    webContents = {
      loadURL: vi.fn(async () => {
        const failure = loadFailures.shift();
        if (failure) throw failure;
      }),
      reload: vi.fn(),
      close: vi.fn(),
    };
    constructor(options: unknown) {
      this.options = options;
      createdViews.push(this as unknown as FakeView);
    }
    setBounds(bounds: unknown): void {
      this.bounds = bounds;
    }
    setVisible(visible: boolean): void {
      this.visible = visible;
    }
  },
  BrowserWindow: class {
    loadURL = vi.fn(async () => undefined);
    once = vi.fn();
    constructor(readonly options: unknown) {
      createdPopups.push(this);
    }
  },
}));

const { ElectronViewHost } = await import('./external-views');

const bounds = { x: 200, y: 90, width: 1000, height: 600 };

function fakeWindow(zoom = 1) {
  return {
    isDestroyed: () => false,
    webContents: { getZoomFactor: () => zoom },
    contentView: { addChildView: vi.fn(), removeChildView: vi.fn() },
  };
}

describe('ElectronViewHost', () => {
  let window: ReturnType<typeof fakeWindow>;
  let host: InstanceType<typeof ElectronViewHost>;
  beforeEach(() => {
    createdViews.length = 0;
    createdPopups.length = 0;
    openedInBrowser.length = 0;
    loadFailures.length = 0;
    window = fakeWindow();
    host = new ElectronViewHost(() => window as never);
  });

  it('lays one locked-down view per tab over the content area and loads the page once', async () => {
    await host.showExternal({ tabKey: 'a', url: 'https://example.com/', bounds });
    await host.showExternal({ tabKey: 'a', url: 'https://example.com/', bounds });
    expect(createdViews).toHaveLength(1);
    const [view] = createdViews;
    expect(view?.options).toEqual({ webPreferences: externalViewWebPreferences() });
    expect(window.contentView.addChildView).toHaveBeenCalledWith(view);
    expect(view?.bounds).toEqual(bounds);
    expect(view?.webContents.loadURL).toHaveBeenCalledTimes(1);
    expect(view?.webContents.loadURL).toHaveBeenCalledWith('https://example.com/');
  });

  it('shows only the active tab view', async () => {
    await host.showExternal({ tabKey: 'a', url: 'https://a.example/', bounds });
    await host.showExternal({ tabKey: 'b', url: 'https://b.example/', bounds });
    expect(createdViews.map((v) => v.visible)).toEqual([false, true]);
    await host.showExternal({ tabKey: 'a', url: 'https://a.example/', bounds });
    expect(createdViews.map((v) => v.visible)).toEqual([true, false]);
    await host.hideExternal(null);
    expect(createdViews.map((v) => v.visible)).toEqual([false, false]);
  });

  it('scales bounds by the page zoom', async () => {
    window = fakeWindow(1.5);
    await host.showExternal({ tabKey: 'a', url: 'https://example.com/', bounds: { x: 10, y: 20, width: 100, height: 50 } });
    expect(createdViews[0]?.bounds).toEqual({ x: 15, y: 30, width: 150, height: 75 });
    await host.setBounds({ tabKey: 'a', url: 'https://example.com/', bounds: { x: 0, y: 0, width: 10, height: 10 } });
    expect(createdViews[0]?.bounds).toEqual({ x: 0, y: 0, width: 15, height: 15 });
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'app://console/Home', 'https://user:pw@example.com/'])('refuses to load %s', async (url) => {
    await expect(host.showExternal({ tabKey: 'a', url, bounds })).rejects.toMatchObject({ code: 'A0400' });
    await expect(host.openPopup(url)).rejects.toMatchObject({ code: 'A0400' });
    expect(createdViews).toHaveLength(0);
    expect(createdPopups).toHaveLength(0);
  });

  it('refuses broken bounds', async () => {
    await expect(host.showExternal({ tabKey: 'a', url: 'https://example.com/', bounds: { x: -5, y: 0, width: 1, height: 1 } })).rejects.toMatchObject({ code: 'A0400' });
  });

  it('reloads and closes the tab view, and says when there is none', async () => {
    await host.showExternal({ tabKey: 'a', url: 'https://example.com/', bounds });
    await host.reloadExternal('a');
    expect(createdViews[0]?.webContents.reload).toHaveBeenCalledOnce();
    await host.closeExternal('a');
    expect(window.contentView.removeChildView).toHaveBeenCalledWith(createdViews[0]);
    expect(createdViews[0]?.webContents.close).toHaveBeenCalledOnce();
    await expect(host.reloadExternal('a')).rejects.toMatchObject({ code: 'A0404' });
    await expect(host.closeExternal('a')).resolves.toBeUndefined();
  });

  it('opens pop-ups in their own window under the external rules', async () => {
    await host.openPopup('https://example.com/report');
    expect(createdPopups).toHaveLength(1);
    expect(createdPopups[0]?.options).toEqual(popupWindowOptions());
    expect(createdPopups[0]?.loadURL).toHaveBeenCalledWith('https://example.com/report');
  });

  it('hides a page that does not load and says so (C0002, naming the failure), and loads it again at the next show', async () => {
    const request = { tabKey: 'a', url: 'http://127.0.0.1:9/', bounds };
    loadFailures.push(Object.assign(new Error("ERR_CONNECTION_REFUSED (-102) loading 'http://127.0.0.1:9/'"), { code: 'ERR_CONNECTION_REFUSED', errno: -102 }));
    await expect(host.showExternal(request)).rejects.toMatchObject({ code: 'C0002', message: expect.stringContaining('ERR_CONNECTION_REFUSED') });
    const view = createdViews[0]!;
    expect(view.visible).toBe(false);

    // Retry: the same address is loaded again, and shown once it loads.
    await host.showExternal(request);
    expect(view.webContents.loadURL).toHaveBeenCalledTimes(2);
    expect(view.visible).toBe(true);
  });

  it('a load replaced by another navigation (ERR_ABORTED) is no failure', async () => {
    loadFailures.push(Object.assign(new Error('ERR_ABORTED (-3)'), { code: 'ERR_ABORTED', errno: -3 }));
    await expect(host.showExternal({ tabKey: 'a', url: 'https://example.com/', bounds })).resolves.toBeUndefined();
    expect(createdViews[0]?.visible).toBe(true);
  });

  it('opens an address in the browser under the view rules only', async () => {
    await host.openInBrowser('https://intranet.example/report');
    expect(openedInBrowser).toEqual(['https://intranet.example/report']);
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@example.com/']) await expect(host.openInBrowser(url)).rejects.toMatchObject({ code: 'A0400' });
    expect(openedInBrowser).toHaveLength(1);
  });

  it('refuses views when the window is gone', async () => {
    const closed = new ElectronViewHost(() => null);
    await expect(closed.showExternal({ tabKey: 'a', url: 'https://example.com/', bounds })).rejects.toMatchObject({ code: 'B0001' });
  });
});
