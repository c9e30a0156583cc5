import { ALWAYS_SECRET_FIELDS } from '../../shared/contract/endpoint';

export const REDACTED = '******';
const RESPONSE_SECRET_FIELDS = ['accessToken', 'refreshToken', 'access_token', 'refresh_token', 'clientSecretStr', 'appSecret', 'password', 'undoKey'];
/**
 * Below PostgreSQL's 2 kB TOAST threshold for Latin text; Chinese text (3 bytes a character) passes it and is
 * compressed (with lz4 where the server has it, migration 0015).
 */
const MAX_TEXT = 1800;

/** A deep copy with secret fields replaced, for logs. */
export function redact(value: unknown, secretFields: readonly string[]): unknown {
  const secrets = new Set<string>([...ALWAYS_SECRET_FIELDS, ...RESPONSE_SECRET_FIELDS, ...secretFields]);
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > 8 || v === null || typeof v !== 'object') return v;
    // A time is a value, not an object of fields: walked as one it was stored as {} (a password's change time).
    if (v instanceof Date) return v.toISOString();
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
      out[key] = secrets.has(key) && item !== undefined && item !== null && item !== '' ? REDACTED : walk(item, depth + 1);
    }
    return out;
  };
  return walk(value, 0);
}

/**
 * At most `max` characters (UTF-16 units, never fewer code points): a longer text keeps its start and
 * ends with how long it was, when `max` leaves room for that note.
 */
export function truncate(text: string, max = MAX_TEXT): string {
  if (text.length <= max) return text;
  const note = `… (${text.length} characters)`;
  const room = note.length < max ? max - note.length : max;
  let kept = text.slice(0, room);
  // A pair split in two would leave a lone surrogate, which PostgreSQL cannot store.
  if (/[\ud800-\udbff]$/.test(kept)) kept = kept.slice(0, -1);
  return room === max ? kept : kept + note;
}

/** Redacts a JSON text (a response body); text that is not JSON is kept, truncated. */
export function redactJsonText(text: string, secretFields: readonly string[]): string {
  try {
    return truncate(JSON.stringify(redact(JSON.parse(text), secretFields)));
  } catch {
    return truncate(text);
  }
}
