import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embeddedDataDir, moveDataDir, roamingDataDir } from './data-location';

describe('embeddedDataDir', () => {
  it('is in the local profile on Windows, under the app folder’s name', () => {
    expect(embeddedDataDir('win32', { LOCALAPPDATA: 'C:\\Users\\li\\AppData\\Local' }, 'C:\\Users\\li\\AppData\\Roaming\\Back-office Console')).toBe(
      'C:\\Users\\li\\AppData\\Local\\Back-office Console\\server-data',
    );
  });

  it('refuses a Windows environment without LOCALAPPDATA', () => {
    expect(() => embeddedDataDir('win32', {}, 'C:\\Users\\li\\AppData\\Roaming\\Back-office Console')).toThrow('LOCALAPPDATA is not set');
  });

  it('is in the user-data folder on macOS and Linux', () => {
    expect(embeddedDataDir('darwin', {}, '/Users/li/Library/Application Support/Back-office Console')).toBe('/Users/li/Library/Application Support/Back-office Console/server-data');
    expect(embeddedDataDir('linux', { LOCALAPPDATA: '/elsewhere' }, '/home/li/.config/Back-office Console')).toBe('/home/li/.config/Back-office Console/server-data');
  });
});

describe('moveDataDir', () => {
  let root: string;
  let from: string;
  let to: string;
  const logged: string[] = [];
  const log = (message: string) => logged.push(message);
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'data-location-'));
    from = roamingDataDir(join(root, 'Roaming', 'Back-office Console'));
    to = join(root, 'Local', 'Back-office Console', 'server-data');
    logged.length = 0;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const database = (folder: string, content: string) => {
    mkdirSync(join(folder, 'base'), { recursive: true });
    writeFileSync(join(folder, 'base', 'PG_VERSION'), content);
  };

  it('moves the roaming folder to the local profile, creating the app folder', () => {
    database(from, 'roaming');
    expect(moveDataDir(from, to, log)).toBe('moved');
    expect(readFileSync(join(to, 'base', 'PG_VERSION'), 'utf8')).toBe('roaming');
    expect(existsSync(from)).toBe(false);
    expect(logged).toEqual([`embedded database moved from ${from} to ${to}`]);
  });

  it('does nothing without an old folder, or when both are one', () => {
    expect(moveDataDir(from, to, log)).toBe('none');
    database(to, 'local');
    expect(moveDataDir(to, to, log)).toBe('none');
    expect(logged).toEqual([]);
  });

  it('keeps the local folder and leaves the roaming one alone when both exist', () => {
    database(from, 'roaming');
    database(to, 'local');
    expect(moveDataDir(from, to, log)).toBe('kept-local');
    expect(readFileSync(join(to, 'base', 'PG_VERSION'), 'utf8')).toBe('local');
    expect(readFileSync(join(from, 'base', 'PG_VERSION'), 'utf8')).toBe('roaming');
  });

  it('copies then deletes when the roaming profile is on another volume', () => {
    database(from, 'roaming');
    const renames: string[] = [];
    const rename = (source: string, target: string) => {
      renames.push(target);
      if (source === from) throw Object.assign(new Error('cross-device link not permitted'), { code: 'EXDEV' });
      renameSync(source, target);
    };
    expect(moveDataDir(from, to, log, rename)).toBe('moved');
    expect(renames).toEqual([to, to]);
    expect(readFileSync(join(to, 'base', 'PG_VERSION'), 'utf8')).toBe('roaming');
    expect(existsSync(`${to}.moving`)).toBe(false);
    expect(existsSync(from)).toBe(false);
  });

  it('names both folders when the move fails otherwise', () => {
    database(from, 'roaming');
    const rename = () => {
      throw Object.assign(new Error('EBUSY: resource busy or locked'), { code: 'EBUSY' });
    };
    expect(() => moveDataDir(from, to, log, rename)).toThrow(`embedded database not moved from ${from} to ${to}: EBUSY`);
    expect(existsSync(from)).toBe(true);
  });
});
