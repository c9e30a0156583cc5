import { describe, expect, it } from 'vitest';
import { aboutContent, type AboutFacts } from './about';

const facts: AboutFacts = {
  appName: 'Back-office Console',
  appVersion: '1.0.1',
  runtime: { electron: '45.4.1', chrome: '142.0.0.0', node: '22.20.0' },
  serverUrl: 'https://console.example.com',
  serverVersion: { ok: true, version: '1.0.0' },
  settingsSources: ['C:\\ProgramData\\BackofficeConsole\\config.json'],
};

describe('About', () => {
  it("shows the app's and the server's versions and where the settings come from", () => {
    const about = aboutContent('en_US', facts);
    expect(about.title).toBe('About Back-office Console');
    expect(about.message).toBe('Back-office Console Version 1.0.1');
    expect(about.detail.split('\n')).toEqual([
      'Server: https://console.example.com',
      'Server version: 1.0.0',
      'Settings: C:\\ProgramData\\BackofficeConsole\\config.json',
      'Electron 45.4.1, Chromium 142.0.0.0, Node.js 22.20.0',
    ]);
  });

  it('names the embedded server, an unreachable server and settings of the user’s own, in the user’s language', () => {
    const about = aboutContent('de_DE', { ...facts, serverUrl: '', serverVersion: { ok: false, reason: 'connect ECONNREFUSED' }, settingsSources: [] });
    expect(about.detail.split('\n').slice(0, 3)).toEqual([
      'Server: der eingebettete Server auf diesem Arbeitsplatz',
      'Serverversion: nicht erreichbar (connect ECONNREFUSED)',
      'Einstellungen: die eigenen des Benutzers (keine verwalteten Einstellungen)',
    ]);
    expect(aboutContent('zh_CN', facts).message).toBe('Back-office Console 版本 1.0.1');
  });
});
