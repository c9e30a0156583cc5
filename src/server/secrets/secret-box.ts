import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The key file of a data folder whose server has no CONSOLE_SECRET_KEY: made on first use, readable by its owner only. */
export const SECRET_KEY_FILE = 'secret.key';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = 'v1';
const KEY_PATTERN = /^[0-9a-f]{64}$/i;

/** Why a stored secret cannot be opened: the key changed, or the row was altered. */
export class SecretUnreadable extends Error {}

/**
 * Seals the secrets the server keeps for third-party services (mail passwords, push master secrets) with
 * AES-256-GCM under the server's key. The purpose (table and column) is authenticated with each value, so a
 * sealed value copied to another column does not open there. A value is `v1:iv:tag:ciphertext`, base64.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** A box for a 64-hex-digit key (CONSOLE_SECRET_KEY); anything else is refused, never padded or hashed into shape. */
  static fromHex(hex: string): SecretBox {
    if (!KEY_PATTERN.test(hex)) throw new Error('CONSOLE_SECRET_KEY must be 64 hexadecimal digits (32 bytes), for example from: openssl rand -hex 32');
    return new SecretBox(Buffer.from(hex, 'hex'));
  }

  /**
   * The key of a data folder: read from its key file, or made and written there (mode 0600) on first use. A
   * key file of the wrong size is refused: replacing it would make every stored secret unreadable.
   */
  static forDataDir(dataDir: string): SecretBox {
    const file = path.join(dataDir, SECRET_KEY_FILE);
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      const key = randomBytes(KEY_BYTES);
      try {
        writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
        chmodSync(file, 0o600);
        return new SecretBox(key);
      } catch (error) {
        // Another process of this data folder made it first: use that one.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    const hex = readFileSync(file, 'utf8').trim();
    if (!KEY_PATTERN.test(hex)) throw new Error(`${file} does not hold a 64-hexadecimal-digit key; restore it from a backup (the stored mail and push secrets need it)`);
    return new SecretBox(Buffer.from(hex, 'hex'));
  }

  /**
   * A key of its own for `purpose` (HKDF-SHA-256 of the server's key), so that one secret outside the database
   * serves more than one use without one use's key opening another's values.
   */
  derivedKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), purpose, KEY_BYTES));
  }

  seal(plain: string, purpose: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
  }

  open(sealed: string, purpose: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) throw new SecretUnreadable('not a sealed secret');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadable('the stored secret does not open with this server key (the key changed or the value was altered)');
    }
  }
}
