import { randomInt } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { decryptTransport } from '../../shared/transport-crypto';
import { Errors } from '../errors';

/** Argon2id at the OWASP minimum: 19 MiB, t=2, p=1. */
const ARGON2 = { algorithm: 2 satisfies Algorithm.Argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so that timing does not tell names apart. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash;
}

/** Opens a password sealed by the client (spec 000 §5); a value that does not open is a bad input of that field. */
export async function openTransportPassword(field: string, sealed: string, secret: string): Promise<string> {
  const plain = await decryptTransport(sealed, secret);
  if (plain === null) throw Errors.invalid(field, 'validation.invalidPassword');
  return plain;
}

/** Characters of generated passwords by class; look-alikes (0/O, 1/l/I) are left out, the password is read off a dialog. */
const GENERATED_PASSWORD_CLASSES = ['23456789', 'ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '_!@#$'] as const;

/** A random password that satisfies the new-password rule: one character of each class, the rest from all. */
export function randomPassword(length = 12): string {
  const all = GENERATED_PASSWORD_CLASSES.join('');
  const pick = (from: string) => from[randomInt(from.length)]!;
  const chars = [...GENERATED_PASSWORD_CLASSES.map(pick), ...Array.from({ length: length - GENERATED_PASSWORD_CLASSES.length }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
