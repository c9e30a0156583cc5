import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ORIGIN, EXTERNAL_VIEW_PARTITION } from './security';

const externalSession = { name: 'external' };
const defaultSession = { name: 'default' };
vi.mock('electron', () => ({
  session: { fromPartition: (partition: string) => (partition === EXTERNAL_VIEW_PARTITION ? externalSession : { name: partition }) },
}));

const { denyAllPermissions, guardAllWebContents } = await import('./web-contents-guards');

class FakeContents extends EventEmitter {
  windowOpenHandler: ((details: unknown) => unknown) | null = null;
  loaded: string[] = [];
  constructor(readonly session: unknown) {
    super();
  }
  setWindowOpenHandler(handler: (details: unknown) => unknown): void {
    this.windowOpenHandler = handler;
  }
  async loadURL(url: string): Promise<void> {
    this.loaded.push(url);
  }
}

function navigation(url: string): { url: string; preventDefault: ReturnType<typeof vi.fn> } {
  return { url, preventDefault: vi.fn() };
}

const RETURN_ADDRESS = 'https://console.example.com/login';
const QR_URL = `https://qr.example/wwopen/sso/qrConnect?appid=ww1&redirect_uri=${encodeURIComponent(RETURN_ADDRESS)}`;

describe('guardAllWebContents', () => {
  let app: EventEmitter;
  let qrUrl: string | null;
  beforeEach(() => {
    app = new EventEmitter();
    qrUrl = QR_URL;
    guardAllWebContents(app as never, APP_ORIGIN, { messengerQrUrl: () => qrUrl });
  });

  function created(session: unknown): FakeContents {
    const contents = new FakeContents(session);
    app.emit('web-contents-created', {}, contents);
    return contents;
  }

  it('keeps app contents on the app origin, for navigations and redirects', () => {
    const contents = created(defaultSession);
    for (const event of ['will-navigate', 'will-redirect']) {
      const inside = navigation(`${APP_ORIGIN}/login`);
      contents.emit(event, inside);
      expect(inside.preventDefault).not.toHaveBeenCalled();
      for (const url of ['https://example.com/', 'file:///etc/passwd', 'app://console.evil/']) {
        const outside = navigation(url);
        contents.emit(event, outside);
        expect(outside.preventDefault).toHaveBeenCalledOnce();
      }
    }
  });

  it('keeps external contents on http and https', () => {
    const contents = created(externalSession);
    const web = navigation('https://example.com/next');
    contents.emit('will-navigate', web);
    expect(web.preventDefault).not.toHaveBeenCalled();
    for (const url of [`${APP_ORIGIN}/Home`, 'javascript:alert(1)', 'file:///C:/x', 'data:text/html,x']) {
      const blocked = navigation(url);
      contents.emit('will-redirect', blocked);
      expect(blocked.preventDefault).toHaveBeenCalledOnce();
    }
  });

  it("opens the app's sign-in page with the code when the messenger returns to the configured address", () => {
    const contents = created(defaultSession);
    for (const event of ['will-frame-navigate', 'will-redirect']) {
      const back = navigation(`${RETURN_ADDRESS}?code=CODE-7&state=s`);
      contents.emit(event, back);
      expect(back.preventDefault).toHaveBeenCalled();
    }
    expect(contents.loaded).toEqual([`${APP_ORIGIN}/?code=CODE-7#/login`, `${APP_ORIGIN}/?code=CODE-7#/login`]);

    // The window itself going there is blocked like any other address outside the app.
    const topLevel = navigation(`${RETURN_ADDRESS}?code=CODE-8`);
    contents.emit('will-navigate', topLevel);
    expect(topLevel.preventDefault).toHaveBeenCalledOnce();
  });

  it('hands over no code from another address, without a QR page shown, or in an external page', () => {
    const contents = created(defaultSession);
    const elsewhere = navigation('https://console.example.com/Home?code=CODE');
    contents.emit('will-frame-navigate', elsewhere);
    expect(elsewhere.preventDefault).not.toHaveBeenCalled();
    qrUrl = null;
    contents.emit('will-frame-navigate', navigation(`${RETURN_ADDRESS}?code=CODE`));
    qrUrl = QR_URL;
    const external = created(externalSession);
    const inExternal = navigation(`${RETURN_ADDRESS}?code=CODE`);
    external.emit('will-frame-navigate', inExternal);
    expect(inExternal.preventDefault).not.toHaveBeenCalled();
    expect([...contents.loaded, ...external.loaded]).toEqual([]);
  });

  it('denies window.open and webview tags everywhere', () => {
    for (const contents of [created(defaultSession), created(externalSession)]) {
      expect(contents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
      const attach = { preventDefault: vi.fn() };
      contents.emit('will-attach-webview', attach);
      expect(attach.preventDefault).toHaveBeenCalledOnce();
    }
  });
});

describe('denyAllPermissions', () => {
  it('installs refusing handlers on every session given', () => {
    const sessions = [0, 1].map(() => ({ setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn(), setDevicePermissionHandler: vi.fn() }));
    denyAllPermissions(sessions as never);
    for (const ses of sessions) {
      const request = ses.setPermissionRequestHandler.mock.calls[0]?.[0] as (w: unknown, p: string, cb: (granted: boolean) => void) => void;
      const callback = vi.fn();
      request({}, 'media', callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect((ses.setPermissionCheckHandler.mock.calls[0]?.[0] as () => boolean)()).toBe(false);
      expect((ses.setDevicePermissionHandler.mock.calls[0]?.[0] as () => boolean)()).toBe(false);
    }
  });
});
