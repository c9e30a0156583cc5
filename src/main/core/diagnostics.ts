import { existsSync, renameSync, rmSync } from 'node:fs';

/** The last warnings and errors of this run, for "copy diagnostics"; each is redacted when it is kept. */
export class RecentErrors {
  private readonly lines: string[] = [];
  constructor(
    private readonly secrets: () => string[],
    private readonly capacity = 20,
  ) {}

  add(level: string, text: string, at: Date = new Date()): void {
    this.lines.push(`${at.toISOString()} ${level} ${redactSecrets(text, this.secrets())}`.slice(0, 2000));
    if (this.lines.length > this.capacity) this.lines.shift();
  }

  list(): string[] {
    return [...this.lines];
  }
}

const REDACTED = '[redacted]';

/**
 * The text with every known secret (the OAuth client secret, the transport key, the session's tokens) and anything
 * shaped like one (bearer tokens, `password`/`secret`/`token` fields, user:password in URLs) replaced.
 */
export function redactSecrets(text: string, known: string[]): string {
  return redactKnown(text, known)
    .replace(/\b(bearer)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`)
    .replace(/((?:password|passwd|pwd|secret|token|authorization|api[-_]?key)\w*["']?\s*[:=]\s*["']?)[^\s"',;&}]+/gi, `$1${REDACTED}`)
    .replace(/(\/\/)[^/\s:@]+:[^/\s@]+@/g, `$1${REDACTED}@`);
}

export interface DiagnosticsFacts {
  appName: string;
  appVersion: string;
  runtime: { electron?: string; chrome?: string; node: string };
  os: string;
  /** Empty for the embedded server. */
  serverUrl: string;
  serverVersion: { ok: true; version: string } | { ok: false; reason: string };
  settingsSources: string[];
  credentialStore: 'keychain' | 'session';
  logFile: string;
  recentErrors: string[];
}

/**
 * What a help desk asks for, as plain text for the clipboard, in English (the help desk's working language): versions,
 * OS, server, settings source, where refresh tokens live, the log file, the last errors. Nothing here is a secret:
 * the server URL loses any user info, query and fragment, every error line passes through `redactSecrets`, and known
 * secrets are replaced wherever they stand.
 */
export function diagnosticsText(facts: DiagnosticsFacts, knownSecrets: string[], at: Date = new Date()): string {
  const lines = [
    `${facts.appName} ${facts.appVersion}`,
    `Generated: ${at.toISOString()}`,
    `Runtime: Electron ${facts.runtime.electron ?? '-'}, Chromium ${facts.runtime.chrome ?? '-'}, Node.js ${facts.runtime.node}`,
    `OS: ${facts.os}`,
    `Server: ${facts.serverUrl ? safeUrl(facts.serverUrl) : 'embedded (this workstation)'}`,
    `Server version: ${facts.serverVersion.ok ? facts.serverVersion.version : `not reachable (${facts.serverVersion.reason})`}`,
    `Settings source: ${facts.settingsSources.length > 0 ? facts.settingsSources.join(', ') : "the user's own (no managed settings)"}`,
    `Refresh tokens: ${facts.credentialStore === 'keychain' ? 'OS keychain' : 'this session only (no OS keychain)'}`,
    `Log file: ${facts.logFile}`,
    `Last errors (${facts.recentErrors.length}):`,
    ...(facts.recentErrors.length > 0 ? facts.recentErrors.map((line) => `  ${redactSecrets(line, knownSecrets)}`) : ['  none']),
  ];
  return redactKnown(lines.join('\n'), knownSecrets);
}

function redactKnown(text: string, known: string[]): string {
  let out = text;
  for (const secret of known) if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  return out;
}

function safeUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname}`;
  } catch {
    return REDACTED;
  }
}

/**
 * Rotates `file` before it grows past its limit: file.(keep-1).log is dropped, each older one moves up, the file
 * becomes file.1.log. electron-log calls this as its `archiveLogFn` (it keeps only one archive by itself).
 */
export function rotateLogFiles(file: string, keep: number): void {
  const base = file.replace(/\.log$/, '');
  const archive = (index: number) => `${base}.${index}.log`;
  rmSync(archive(keep), { force: true });
  for (let index = keep - 1; index >= 1; index--) if (existsSync(archive(index))) renameSync(archive(index), archive(index + 1));
  renameSync(file, archive(1));
}
