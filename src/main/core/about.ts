import { desktopText } from './desktop-text';

export interface AboutFacts {
  appName: string;
  appVersion: string;
  /** process.versions of the app (electron and chrome are absent under Node). */
  runtime: { electron?: string; chrome?: string; node: string };
  /** The configured server URL; empty for the embedded server. */
  serverUrl: string;
  serverVersion: { ok: true; version: string } | { ok: false; reason: string };
  /** Where managed settings came from (ManagedPreset.sources); empty when the user's own settings apply. */
  settingsSources: string[];
}

/** About's title and lines, in the console's language: the app's and the server's versions and the settings' source. */
export function aboutContent(locale: string, facts: AboutFacts): { title: string; message: string; detail: string } {
  const { runtime } = facts;
  const server = facts.serverUrl || desktopText(locale, 'about.embeddedServer');
  const serverVersion = facts.serverVersion.ok
    ? desktopText(locale, 'about.serverVersion', { version: facts.serverVersion.version })
    : desktopText(locale, 'about.serverVersionUnknown', { reason: facts.serverVersion.reason });
  const source = facts.settingsSources.length > 0 ? facts.settingsSources.join(', ') : desktopText(locale, 'about.settingsLocal');
  return {
    title: desktopText(locale, 'about.title', { app: facts.appName }),
    message: `${facts.appName} ${desktopText(locale, 'about.appVersion', { version: facts.appVersion })}`,
    detail: [
      desktopText(locale, 'about.server', { server }),
      serverVersion,
      desktopText(locale, 'about.settingsSource', { source }),
      desktopText(locale, 'about.runtime', { electron: runtime.electron ?? '-', chrome: runtime.chrome ?? '-', node: runtime.node }),
    ].join('\n'),
  };
}
