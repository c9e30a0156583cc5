// Starts the BUILT main process (out/main/index.js) under Node with the `electron` stand-in and checks its
// wiring end to end: sandbox and scheme before ready, the locked-down window, the app protocol with its
// CSP, the IPC bridge with its sender check, help URLs, the embedded server reached through net.fetch,
// external views and their guards, permission handlers, and a clean quit.
// Run: npm run smoke:main (builds first). Prints one line per check and exits non-zero on a failure.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, recorded, userData } from './fake-electron.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
process.env.SMOKE_APP_PATH = root;
let failures = 0;
const check = (name, ok, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || !detail ? '' : `: ${detail}`}`);
  if (!ok) failures++;
};
const waitFor = async (what, predicate, ms) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (predicate()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

await import(new URL('out/main/index.js', `file://${root}/`).href);

check('sandbox enabled for every renderer', recorded.sandboxEnabled === true);
check('crash dumps are kept locally, never uploaded', recorded.crashReporter?.uploadToServer === false);
check(
  'app scheme registered as standard and secure',
  recorded.schemes.some((s) => s.scheme === 'app' && s.privileges.standard && s.privileges.secure),
);
await waitFor('the main window', () => recorded.windows.length > 0 || recorded.errors.length > 0, 20_000);
check('started without an error dialog', recorded.errors.length === 0, recorded.errors.join('; '));
const menuLabels = (recorded.applicationMenu?.template ?? []).map((item) => item.label);
check("the product's own menu, ending in Help", menuLabels.length > 0 && menuLabels.at(-1) === '帮助', menuLabels.join(', '));
await waitFor('the log file in the log folder', () => existsSync(join(userData, 'logs', 'main.log')), 5_000);

const [window] = recorded.windows;
const prefs = window.options.webPreferences;
check('main window is sandboxed, isolated, without node', prefs.sandbox === true && prefs.contextIsolation === true && prefs.nodeIntegration === false && prefs.webviewTag === false);
check('main window preload is the built CJS preload', existsSync(prefs.preload) && prefs.preload.endsWith('index.cjs'), prefs.preload);
check('main window loads app://console/', window.webContents.url === 'app://console/', window.webContents.url);

const serve = recorded.protocolHandlers.get('app');
const page = await serve(new Request('app://console/Home'));
check('app protocol serves index.html with the CSP', page.status === 200 && (page.headers.get('content-security-policy') ?? '').includes("script-src 'self'"), `${page.status}`);

const trusted = { senderFrame: { url: 'app://console/Home', parent: null } };
const call = (method, ...args) => recorded.ipcHandlers.get(`console:${method}`)(trusted, ...args);
// The methods as the contract lists them (BRIDGE_METHODS in src/shared/bridge.ts), read from its source.
const bridgeSource = readFileSync(new URL('src/shared/bridge.ts', `file://${root}/`), 'utf8');
const methodList = /BRIDGE_METHODS = listingEveryMethod\(\[([^\]]*)\]/.exec(bridgeSource)?.[1] ?? '';
const bridgeMethods = [...methodList.matchAll(/'([\w.]+)'/g)].map((match) => `console:${match[1]}`).sort();
const handled = [...recorded.ipcHandlers.keys()].sort();
check('one IPC handler per bridge method', bridgeMethods.length > 20 && JSON.stringify(handled) === JSON.stringify(bridgeMethods), `handled ${handled.length}, declared ${bridgeMethods.length}`);
const platform = await call('platform');
check('platform answers electron', platform.ok && platform.data.kind === 'electron', JSON.stringify(platform));
const refused = await recorded.ipcHandlers.get('console:settings.get')({ senderFrame: { url: 'https://evil.example/', parent: null } });
check('a foreign sender is refused', !refused.ok && refused.code === 'A0301', JSON.stringify(refused));

const help = await call('help.pdfUrl', 'ko_KR');
check('Korean help resolves to the English PDF', help.ok && help.data.url === 'app://console/help/console-help.en_US.pdf', JSON.stringify(help));
const pdf = await serve(new Request(help.data.url));
check('the help PDF is served', pdf.status === 200 && pdf.headers.get('content-type') === 'application/pdf', `${pdf.status}`);

const captcha = await call('auth.captcha');
check('embedded server answers through net.fetch (captcha)', captcha.ok && typeof captcha.data.uuid === 'string', JSON.stringify(captcha).slice(0, 200));
const signIn = await call('auth.signIn', { username: 'admin', password: 'Admin_12345' });
check('first admin sign-in asks for a password change (70001)', !signIn.ok && signIn.code === '70001', JSON.stringify(signIn));

const shown = await call('views.showExternal', { tabKey: 'ext-1', url: 'https://example.com/', bounds: { x: 200, y: 90, width: 800, height: 600 } });
const [view] = recorded.views;
check(
  'external view created with the external partition and no preload',
  shown.ok && view?.options.webPreferences.partition === 'external-view' && !('preload' in view.options.webPreferences),
  JSON.stringify(shown),
);
let prevented = false;
view.webContents.emit('will-navigate', { url: 'javascript:alert(1)', preventDefault: () => (prevented = true) });
check('external view cannot navigate to javascript:', prevented);
check('external view window.open is denied', view.webContents.windowOpenHandler({ url: 'https://example.com/' }).action === 'deny');
const badView = await call('views.showExternal', { tabKey: 'ext-2', url: 'file:///etc/passwd', bounds: { x: 0, y: 0, width: 1, height: 1 } });
check('a file: external view is refused', !badView.ok, JSON.stringify(badView));

const sessionsWithHandlers = new Set(recorded.permissionHandlers.map((h) => h.session));
check('permission handlers on the app and external sessions', sessionsWithHandlers.has('default') && sessionsWithHandlers.has('external-view'));
let granted = null;
recorded.permissionHandlers.find((h) => h.kind === 'request').handler({}, 'media', (g) => (granted = g));
check('a permission request is denied', granted === false);

window.emit('close');
window.emit('closed');
app.emit('window-all-closed');
// Closing the last window quits; will-quit is deferred until the embedded server has stopped, then quit runs again.
await waitFor('the deferred quit', () => (recorded.quitCalls ?? 0) >= 2, 15_000);
check('quit waits for the embedded server to stop', recorded.quitDeferred === true && recorded.quitCalls === 2, `${recorded.quitCalls}`);
// The app's log has console (electron-log), so the last line is written before its folder goes.
console.log(failures === 0 ? 'smoke: passed' : `smoke: ${failures} check(s) FAILED`);
rmSync(userData, { recursive: true, force: true });
process.exit(failures === 0 ? 0 : 1);
