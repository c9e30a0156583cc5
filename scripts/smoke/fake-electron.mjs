// A stand-in for the `electron` module, so the built main process can start under plain Node on a machine
// without the Electron binary. It records what the app registers; smoke-main.mjs drives and inspects it.
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const recorded = { schemes: [], protocolHandlers: new Map(), ipcHandlers: new Map(), ipcListeners: new Map(), windows: [], views: [], permissionHandlers: [], errors: [] };
export const userData = mkdtempSync(join(tmpdir(), 'console-smoke-'));

class FakeApp extends EventEmitter {
  isPackaged = false;
  getAppPath = () => process.env.SMOKE_APP_PATH ?? process.cwd();
  getPath = (name) => join(userData, name);
  getVersion = () => '1.0.1';
  getName = () => 'Back-office Console';
  requestSingleInstanceLock = () => true;
  enableSandbox = () => {
    recorded.sandboxEnabled = true;
  };
  whenReady = () => Promise.resolve();
  quit = () => {
    recorded.quitCalls = (recorded.quitCalls ?? 0) + 1;
    this.emit('will-quit', {
      preventDefault() {
        recorded.quitDeferred = true;
      },
    });
  };
  exit = (code) => {
    recorded.exitCode = code;
  };
}
export const app = new FakeApp();

function fakeSession(name) {
  return {
    name,
    setPermissionRequestHandler: (handler) => recorded.permissionHandlers.push({ session: name, kind: 'request', handler }),
    setPermissionCheckHandler: (handler) => recorded.permissionHandlers.push({ session: name, kind: 'check', handler }),
    setDevicePermissionHandler: (handler) => recorded.permissionHandlers.push({ session: name, kind: 'device', handler }),
    webRequest: { onHeadersReceived() {} },
  };
}
const sessions = new Map();
export const session = {
  defaultSession: fakeSession('default'),
  fromPartition: (partition) => {
    if (!sessions.has(partition)) sessions.set(partition, fakeSession(partition));
    return sessions.get(partition);
  },
};

export const protocol = {
  registerSchemesAsPrivileged: (schemes) => recorded.schemes.push(...schemes),
  handle: (scheme, handler) => recorded.protocolHandlers.set(scheme, handler),
};

export const ipcMain = {
  handle: (channel, handler) => recorded.ipcHandlers.set(channel, handler),
  on: (channel, listener) => recorded.ipcListeners.set(channel, listener),
};

class FakeWebContents extends EventEmitter {
  constructor(ses) {
    super();
    this.session = ses;
    this.sent = [];
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
  getZoomFactor = () => 1;
  send = (channel, payload) => this.sent.push({ channel, payload });
  loadURL = async (url) => {
    this.url = url;
  };
  reload() {}
  close() {}
}

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new FakeWebContents(options?.webPreferences?.partition ? session.fromPartition(options.webPreferences.partition) : session.defaultSession);
    this.contentView = { children: [], addChildView: (view) => this.contentView.children.push(view), removeChildView: () => {} };
    recorded.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL = (url) => this.webContents.loadURL(url);
  isDestroyed = () => false;
  isMinimized = () => false;
  isMaximized = () => false;
  getNormalBounds = () => ({ x: 10, y: 10, width: 1440, height: 900 });
  show() {}
  maximize() {}
  focus() {}
  restore() {}
}

export class WebContentsView {
  constructor(options) {
    this.options = options;
    this.webContents = new FakeWebContents(session.fromPartition(options.webPreferences.partition));
    recorded.views.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  setBounds(bounds) {
    this.bounds = bounds;
  }
  setVisible(visible) {
    this.visible = visible;
  }
}

export const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] };
export const net = { fetch: (...args) => globalThis.fetch(...args) };
export const dialog = {
  showErrorBox: (title, message) => recorded.errors.push(`${title}: ${message}`),
};
export const shell = {};
export const clipboard = { writeText: (text) => (recorded.clipboard = text) };
export const crashReporter = { start: (options) => (recorded.crashReporter = options) };
export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: (menu) => (recorded.applicationMenu = menu),
};

export default { app, session, protocol, ipcMain, BrowserWindow, WebContentsView, screen, net, dialog, shell, clipboard, crashReporter, Menu };
