/**
 * Passwords travel encrypted, as spec 000 §5 asks: AES-256-GCM with key = SHA-256(transport secret),
 * value = base64(12-byte IV ‖ ciphertext ‖ 16-byte tag). This keeps passwords out of proxies' and servers'
 * logs; TLS and the Argon2id hash at rest are the real protection. WebCrypto, so Node and browsers share it.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

async function keyFrom(secret: string, usage: KeyUsage): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return crypto.subtle.importKey('raw', digest, { name: 'AES-GCM' }, false, [usage]);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export async function encryptTransport(plain: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await keyFrom(secret, 'encrypt');
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain)));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv, 0);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

/** Returns the plain text, or null when the value is not a sealed value of this secret. */
export async function decryptTransport(value: string, secret: string): Promise<string | null> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(value);
  } catch {
    return null;
  }
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const key = await keyFrom(secret, 'decrypt');
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) }, key, bytes.subarray(IV_BYTES));
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}
