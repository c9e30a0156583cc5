import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_KEY_FILE, SecretBox, SecretUnreadable } from './secret-box';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const HEX = 'a'.repeat(64);

describe('SecretBox', () => {
  it('opens what it sealed, and each seal of one value differs', () => {
    const box = SecretBox.fromHex(HEX);
    const a = box.seal('p@ss 密码', 'mail.secret');
    const b = box.seal('p@ss 密码', 'mail.secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('p@ss');
    expect(box.open(a, 'mail.secret')).toBe('p@ss 密码');
  });

  it('refuses a value sealed for another purpose, under another key, or altered', () => {
    const box = SecretBox.fromHex(HEX);
    const sealed = box.seal('secret', 'mail.secret');
    expect(() => box.open(sealed, 'push.secret')).toThrow(SecretUnreadable);
    expect(() => SecretBox.fromHex('b'.repeat(64)).open(sealed, 'mail.secret')).toThrow(/key changed/);
    const parts = sealed.split(':');
    const body = Buffer.from(parts[3]!, 'base64');
    body[0] = body[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64')].join(':'), 'mail.secret')).toThrow(SecretUnreadable);
    expect(() => box.open('plain text', 'mail.secret')).toThrow(/not a sealed secret/);
  });

  it('refuses a key that is not 64 hexadecimal digits', () => {
    expect(() => SecretBox.fromHex('abc')).toThrow(/64 hexadecimal digits/);
    expect(() => SecretBox.fromHex('z'.repeat(64))).toThrow(/CONSOLE_SECRET_KEY/);
  });

  it('makes a data folder its key once, readable by its owner only, and reuses it', () => {
    const dir = tempDir();
    const sealed = SecretBox.forDataDir(dir).seal('secret', 'p');
    const file = path.join(dir, SECRET_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(SecretBox.forDataDir(dir).open(sealed, 'p')).toBe('secret');
  });

  it('refuses a damaged key file instead of replacing it', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, SECRET_KEY_FILE), 'short\n');
    expect(() => SecretBox.forDataDir(dir)).toThrow(/restore it from a backup/);
    expect(readFileSync(path.join(dir, SECRET_KEY_FILE), 'utf8')).toBe('short\n');
  });
});
