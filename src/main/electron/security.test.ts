import { describe, expect, it, vi } from 'vitest';
import {
  APP_ORIGIN,
  EXTERNAL_VIEW_PARTITION,
  appContentSecurityPolicy,
  denyPermissionCheck,
  denyPermissionRequest,
  externalViewWebPreferences,
  isAllowedAppNavigation,
  isAllowedExternalNavigation,
  isAllowedNavigation,
  isTrustedSender,
  mainWindowWebPreferences,
  messengerCodeOfRedirect,
  popupWindowOptions,
  signInAddressWithCode,
  windowOpenDecision,
} from './security';

const DEV_ORIGIN = 'http://localhost:5173';

describe('isAllowedAppNavigation', () => {
  it.each([`${APP_ORIGIN}/`, `${APP_ORIGIN}/index.html`, `${APP_ORIGIN}/Home?x=1#top`, `${APP_ORIGIN}/help/console-help.en_US.pdf`])('allows %s', (url) => {
    expect(isAllowedAppNavigation(url, APP_ORIGIN)).toBe(true);
  });

  it.each([
    'app://console.evil.example/',
    'app://evil.example/',
    'app://console@evil.example/',
    'app://user:pw@console/',
    'app://console:8080/',
    'apps://console/',
    'https://console/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'about:blank',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isAllowedAppNavigation(url, APP_ORIGIN)).toBe(false);
  });

  it('allows the dev server and nothing that only looks like it', () => {
    expect(isAllowedAppNavigation('http://localhost:5173/login', DEV_ORIGIN)).toBe(true);
    expect(isAllowedAppNavigation('http://localhost:5174/login', DEV_ORIGIN)).toBe(false);
    expect(isAllowedAppNavigation('http://localhost:5173.evil.example/', DEV_ORIGIN)).toBe(false);
    expect(isAllowedAppNavigation('https://localhost:5173/', DEV_ORIGIN)).toBe(false);
    expect(isAllowedAppNavigation('http://127.0.0.1:5173/', DEV_ORIGIN)).toBe(false);
  });

  it('refuses everything when the app origin itself is malformed', () => {
    expect(isAllowedAppNavigation('app://console/', 'garbage')).toBe(false);
    expect(isAllowedAppNavigation('file:///x', 'file:///')).toBe(false);
  });
});

describe('isAllowedExternalNavigation', () => {
  it.each(['https://example.com/', 'http://intranet.local:8080/report?id=3', 'https://例え.jp/', 'http://10.0.0.5/'])('allows %s', (url) => {
    expect(isAllowedExternalNavigation(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'file:///C:/Windows/system32',
    'data:text/html;base64,PHNjcmlwdD4=',
    'blob:https://example.com/uuid',
    'app://console/Home',
    'chrome://settings',
    'devtools://devtools/bundled/inspector.html',
    'ms-msdt:/id PCWDiagnostic',
    'vbscript:msgbox',
    'ftp://example.com/',
    'about:blank',
    'https://bank.example@evil.example/',
    'https://user:pw@example.com/',
    'http://',
    '//example.com',
    'example.com',
    '',
  ])('refuses %s', (url) => {
    expect(isAllowedExternalNavigation(url)).toBe(false);
  });
});

describe('isTrustedSender', () => {
  it('trusts the main frame of the app', () => {
    expect(isTrustedSender({ url: `${APP_ORIGIN}/Home`, isMainFrame: true }, APP_ORIGIN)).toBe(true);
  });

  it('refuses sub-frames even of the app origin', () => {
    expect(isTrustedSender({ url: `${APP_ORIGIN}/help/console-help.en_US.pdf`, isMainFrame: false }, APP_ORIGIN)).toBe(false);
  });

  it.each(['https://example.com/', 'app://console.evil/', 'file:///app/index.html', 'about:blank', 'data:text/html,x', ''])('refuses a main frame at %s', (url) => {
    expect(isTrustedSender({ url, isMainFrame: true }, APP_ORIGIN)).toBe(false);
  });

  it('refuses a missing frame (destroyed or navigated away)', () => {
    expect(isTrustedSender(null, APP_ORIGIN)).toBe(false);
    expect(isTrustedSender(undefined, APP_ORIGIN)).toBe(false);
  });
});

describe('window.open and permissions', () => {
  it('denies every window.open', () => {
    expect(windowOpenDecision()).toEqual({ action: 'deny' });
  });

  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown'])('denies the permission request %s exactly once', (permission) => {
    const callback = vi.fn();
    denyPermissionRequest({}, permission, callback);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledWith(false);
  });

  it('reports no permission as granted', () => {
    expect(denyPermissionCheck()).toBe(false);
  });
});

describe('webPreferences', () => {
  const lockedDown = {
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    disableBlinkFeatures: 'Auxclick',
  };

  it('locks down the main window and gives it the preload', () => {
    const prefs = mainWindowWebPreferences('/app/out/preload/index.cjs', { devTools: false });
    expect(prefs).toMatchObject({ ...lockedDown, preload: '/app/out/preload/index.cjs', devTools: false });
    expect(prefs.enableBlinkFeatures).toBeUndefined();
    expect(prefs.additionalArguments).toBeUndefined();
    expect(prefs.partition).toBeUndefined();
  });

  it('passes devTools through for development', () => {
    expect(mainWindowWebPreferences('/p', { devTools: true }).devTools).toBe(true);
  });

  it('gives external views no preload and their own in-memory partition', () => {
    const prefs = externalViewWebPreferences();
    expect(prefs).toMatchObject({ ...lockedDown, plugins: false, devTools: false, partition: EXTERNAL_VIEW_PARTITION });
    expect('preload' in prefs).toBe(false);
    expect(prefs.partition?.startsWith('persist:')).toBe(false);
    expect(prefs.partition).not.toBe('');
  });

  it('opens pop-ups hidden under the external view rules', () => {
    const options = popupWindowOptions();
    expect(options.webPreferences).toEqual(externalViewWebPreferences());
    expect(options.show).toBe(false);
    expect(options.parent).toBeUndefined();
  });

  it('returns fresh objects, so one window cannot alter another', () => {
    const a = externalViewWebPreferences();
    a.sandbox = false;
    expect(externalViewWebPreferences().sandbox).toBe(true);
  });
});

describe('appContentSecurityPolicy', () => {
  const directives = (csp: string): Map<string, string[]> =>
    new Map(
      csp.split(';').map((part) => {
        const [name, ...sources] = part.trim().split(/\s+/);
        return [name as string, sources];
      }),
    );

  it('allows only the app own scripts in production', () => {
    const csp = directives(appContentSecurityPolicy());
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('never allows eval or remote scripts, styles, images or connections', () => {
    for (const csp of [appContentSecurityPolicy(), appContentSecurityPolicy({ devServerOrigin: DEV_ORIGIN })]) {
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('*');
      for (const [name, sources] of directives(csp)) {
        if (name === 'frame-src') continue;
        expect(sources.filter((source) => /^https?:$/.test(source))).toEqual([]);
      }
    }
  });

  it('frames only the app and web pages (the sandboxed QR page), never file: or data:', () => {
    expect(directives(appContentSecurityPolicy()).get('frame-src')).toEqual(["'self'", APP_ORIGIN, 'https:', 'http:']);
  });

  it('lets the dev server HMR client in, in development only', () => {
    const csp = directives(appContentSecurityPolicy({ devServerOrigin: DEV_ORIGIN }));
    expect(csp.get('script-src')).toContain("'unsafe-inline'");
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173']);
  });
});

describe('isAllowedNavigation', () => {
  it('holds app contents to the app origin and external contents to http/https', () => {
    expect(isAllowedNavigation('app', `${APP_ORIGIN}/login`, APP_ORIGIN)).toBe(true);
    expect(isAllowedNavigation('app', 'https://example.com/', APP_ORIGIN)).toBe(false);
    expect(isAllowedNavigation('external', 'https://example.com/', APP_ORIGIN)).toBe(true);
    expect(isAllowedNavigation('external', `${APP_ORIGIN}/login`, APP_ORIGIN)).toBe(false);
    expect(isAllowedNavigation('external', 'file:///etc/passwd', APP_ORIGIN)).toBe(false);
  });
});

describe('messengerCodeOfRedirect', () => {
  const qrUrl = `https://open.work.weixin.qq.com/wwopen/sso/qrConnect?appid=ww1&agentid=1000002&redirect_uri=${encodeURIComponent('https://console.example.com/login')}&state=console`;

  it("takes the code of the messenger's return to the configured address", () => {
    expect(messengerCodeOfRedirect('https://console.example.com/login?code=CODE-1&state=console', qrUrl)).toBe('CODE-1');
    expect(messengerCodeOfRedirect('https://console.example.com/login/?state=console&code=%20CODE-2%20', qrUrl)).toBe('CODE-2');
  });

  it('lets no other address through, however close', () => {
    for (const url of [
      'https://console.example.com/Home?code=CODE',
      'https://console.example.com/login-page?code=CODE',
      'http://console.example.com/login?code=CODE',
      'https://console.example.com:8443/login?code=CODE',
      'https://console.example.com.evil.example/login?code=CODE',
      'https://evil.example/login?code=CODE&redirect_uri=https://console.example.com/login',
      'https://user@console.example.com/login?code=CODE',
    ]) {
      expect(messengerCodeOfRedirect(url, qrUrl), url).toBeNull();
    }
  });

  it('needs a code, a configured QR page and a web return address in it', () => {
    expect(messengerCodeOfRedirect('https://console.example.com/login?state=console', qrUrl)).toBeNull();
    expect(messengerCodeOfRedirect('https://console.example.com/login?code=', qrUrl)).toBeNull();
    expect(messengerCodeOfRedirect('https://console.example.com/login?code=CODE', null)).toBeNull();
    expect(messengerCodeOfRedirect('https://console.example.com/login?code=CODE', 'https://open.work.weixin.qq.com/wwopen/sso/qrConnect?appid=ww1')).toBeNull();
    expect(messengerCodeOfRedirect('javascript:alert(1)//?code=CODE', 'https://qr.example/?redirect_uri=javascript:alert(1)//')).toBeNull();
    expect(messengerCodeOfRedirect('https://console.example.com/login?code=CODE', 'not a url')).toBeNull();
  });
});

describe('signInAddressWithCode', () => {
  it("opens the app's sign-in page with the code in the query", () => {
    expect(signInAddressWithCode(APP_ORIGIN, 'a b&c')).toBe('app://console/?code=a+b%26c#/login');
    expect(new URL(signInAddressWithCode('http://localhost:5173', 'CODE-1')).searchParams.get('code')).toBe('CODE-1');
  });
});
