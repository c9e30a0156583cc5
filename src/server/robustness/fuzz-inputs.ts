import type { z } from 'zod';
import { API_PREFIX } from '../../shared/constants';
import type { EndpointDef } from '../../shared/contract';

/**
 * Bad inputs generated from the contract (issue 15, suite 1): for each endpoint, its fields are read from
 * the zod input schema, a valid baseline is found for them, and each request breaks one thing of the
 * baseline (one field, the body, the content type, a path parameter or a header), so that every field's
 * own check is reached. Deterministic: the only randomness is a seeded generator.
 */

/** mulberry32: a small seeded generator, so a failing input is the same input on the next run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type AnySchema = z.ZodType;
type SchemaDef = { type: string } & Record<string, unknown>;

const defOf = (schema: AnySchema): SchemaDef => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** The fields of an input schema (object, intersection of objects, or union of objects: every option's fields). */
export function fieldsOf(schema: AnySchema): Record<string, AnySchema> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return { ...(def.shape as Record<string, AnySchema>) };
    case 'intersection':
      return { ...fieldsOf(def.left as AnySchema), ...fieldsOf(def.right as AnySchema) };
    case 'union':
      return Object.assign({}, ...(def.options as AnySchema[]).map(fieldsOf)) as Record<string, AnySchema>;
    case 'pipe':
      return fieldsOf(def.in as AnySchema);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return fieldsOf(def.innerType as AnySchema);
    default:
      return {};
  }
}

/** What a field holds once its wrappers (optional, default, pipe, ...) are taken off. */
export function leafKind(schema: AnySchema): string {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return leafKind(def.innerType as AnySchema);
    case 'pipe':
      return leafKind(def.in as AnySchema);
    case 'lazy':
      return leafKind((def.getter as () => AnySchema)());
    case 'union':
      return leafKind((def.options as AnySchema[])[0]!);
    default:
      return def.type;
  }
}

/** A value the field accepts, tried from likely candidates; `undefined` when none fits (left out of the baseline). */
function acceptedValue(name: string, schema: AnySchema, known: Record<string, unknown>): unknown {
  if (name in known && schema.safeParse(known[name]).success) return known[name];
  const candidates: unknown[] = [];
  const kind = leafKind(schema);
  if (kind === 'literal') candidates.push(...((findDef(schema, 'literal')?.values as unknown[]) ?? []));
  if (kind === 'enum') candidates.push(...Object.values((findDef(schema, 'enum')?.entries as Record<string, unknown>) ?? {}));
  if (kind === 'object') candidates.push(baselineOf(findSchema(schema, 'object')!, known));
  if (kind === 'array') {
    const element = findDef(schema, 'array')?.element as AnySchema | undefined;
    candidates.push([]);
    if (element) candidates.push([acceptedValue(name, element, known)]);
  }
  // An id that exists nowhere: a mutation the fuzzer lets through changes no seeded record.
  candidates.push(2_147_483_000, 1, 0, 2, 10, 2026, true, false);
  candidates.push('Fuzz01', 'fuzz', 'Fuzz_2026a', '2147483000', '1', 'a@b.cd', '2026-01-01', '2026-01', '2026-01-01 00:00:00', 'abcdefghijklmnop-1234', 'x');
  // An instant with its offset, far ahead: a window that must end in the future (a notice's) accepts it.
  candidates.push('2099-01-01T00:00:00.000Z');
  candidates.push('0'.repeat(64));
  // An undo token no delete gave (43 base64url characters).
  candidates.push('Fuzz'.padEnd(43, '0'));
  for (const candidate of candidates) if (candidate !== undefined && schema.safeParse(candidate).success) return candidate;
  return undefined;
}

function findSchema(schema: AnySchema, type: string): AnySchema | undefined {
  const def = defOf(schema);
  if (def.type === type) return schema;
  const inner = (def.innerType ?? def.in ?? (def.type === 'union' ? (def.options as AnySchema[])[0] : undefined)) as AnySchema | undefined;
  return inner ? findSchema(inner, type) : undefined;
}

function findDef(schema: AnySchema, type: string): SchemaDef | undefined {
  const found = findSchema(schema, type);
  return found ? defOf(found) : undefined;
}

/** A baseline input: every field with an accepted value (known values first), fields that fit nothing left out. */
export function baselineOf(schema: AnySchema, known: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fieldsOf(schema))) {
    const value = acceptedValue(name, field, known);
    if (value !== undefined) out[name] = value;
  }
  // A rule across fields may refuse optional values that each fit alone (a start no earlier than the end): one is left out.
  if (!schema.safeParse(out).success) {
    for (const [name, field] of Object.entries(fieldsOf(schema))) {
      if (!(name in out) || !field.safeParse(undefined).success) continue;
      const without = { ...out };
      delete without[name];
      if (schema.safeParse(without).success) return without;
    }
  }
  return out;
}

/** A value that travels as it is written: a path segment or query text already encoded (or deliberately malformed). */
export class RawText {
  constructor(readonly text: string) {}
}

/** Leaves the field out. */
export const MISSING = Symbol('missing');

export interface FuzzRequest {
  label: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const MIB = 1024 * 1024;

function nested(depth: number, leaf: unknown, asObject: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
  return value;
}

/** Bad values for one field: wrong types, out-of-range numbers, huge and hostile strings, nesting. */
export function badValues(baseline: unknown): Array<[string, unknown]> {
  return [
    ['missing', MISSING],
    ['null', null],
    ['true', true],
    ['false', false],
    ['empty array', []],
    ['empty object', {}],
    ['array of the valid value', [baseline]],
    ['object holding the valid value', { value: baseline }],
    ['the valid value as text', typeof baseline === 'string' ? baseline : JSON.stringify(baseline)],
    ['-1', -1],
    ['0', 0],
    ['2^31', 2 ** 31],
    ['2^53+1', 2 ** 53 + 1],
    ['1e40', 1e40],
    ['-1e40', -1e40],
    ['1.5', 1.5],
    ['"NaN"', 'NaN'],
    ['"Infinity"', 'Infinity'],
    ['"-Infinity"', '-Infinity'],
    ['"1e40"', '1e40'],
    ['"99999999999999999999"', '99999999999999999999'],
    ['"0x10"', '0x10'],
    ['" 1 "', ' 1 '],
    ['"1,2"', '1,2'],
    ['"1,,2"', '1,,2'],
    ['"-0"', '-0'],
    ['full-width digit', '\uFF11'],
    ['empty string', ''],
    ['blank string', '   '],
    ['1 MB string', 'x'.repeat(MIB)],
    ['200 KB string', 'y'.repeat(200 * 1024)],
    ['NUL', 'a\u0000b'],
    ['lone high surrogate', 'a\uD800b'],
    ['lone low surrogate', '\uDC00b'],
    ['SQL fragment', "' OR 1=1; DROP TABLE sys_user; --"],
    ['SQL comment quote', "admin'--"],
    ['HTML fragment', '<script>alert(1)</script><img src=x onerror=alert(1)>'],
    ['RTL override', 'abc\u202Egnp.exe\u202C'],
    ['emoji', '😀👩‍👩‍👧‍👦🏳️‍🌈'],
    ['zero-width and BOM', '\u200B\uFEFFa\u200D'],
    ['encoded traversal', '%2e%2e%2f%00'],
    ['path traversal', '../../../etc/passwd'],
    ['template and format', '${jndi:ldap://127.0.0.1/a}{{7*7}}%s%n'],
    ['control characters', '\u0001\u0007\u001b[31m\r\n'],
    ['deep array', nested(1000, 1, false)],
    ['deep object', nested(1000, 1, true)],
    ['wide array', Array.from({ length: 5000 }, (_, i) => i)],
  ];
}

/** Extra fields a schema does not name, some of them prototype keys. */
export const EXTRA_FIELDS: Array<[string, Record<string, unknown>]> = [
  ['extra field', { fuzzExtra: 'x' }],
  ['__proto__ field', JSON.parse('{"__proto__": {"admin": true, "roleId": 1}}') as Record<string, unknown>],
  ['constructor field', { constructor: { prototype: { admin: true } } }],
  ['toString field', { toString: 'x', valueOf: 1, hasOwnProperty: null }],
  ['long key', { ['k'.repeat(10_000)]: 1 }],
  ['emoji key', { '😀': '😀' }],
  ['many fields', Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, i]))],
];

const MALFORMED_JSON: Array<[string, string]> = [
  ['unclosed object', '{'],
  ['unfinished value', '{"a": '],
  ['trailing brace', '{"a":1}}'],
  ['single quotes', "{'a': 1}"],
  ['trailing comma', '{"a":1,}'],
  ['bare word', 'undefined'],
  ['NaN literal', '{"a": NaN}'],
  ['comment', '{"a": 1 /* x */}'],
  ['BOM first', '\uFEFF{"a":1}'],
  ['raw NUL', '{"a":"\u0000"}'],
  ['bad escape', '{"a":"\\x41"}'],
  ['lone surrogate escape', '{"a":"\\ud800"}'],
  ['duplicate keys', '{"a":1,"a":{"b":2}}'],
  ['JSON null', 'null'],
  ['JSON array', '[1,2,3]'],
  ['JSON string', '"text"'],
  ['JSON number', '12'],
  ['JSON true', 'true'],
  ['empty body', ''],
  ['deep body', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ['body over the limit', `{"a":"${'z'.repeat(MIB + 10)}"}`],
];

const CONTENT_TYPES: string[] = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/octet-stream',
  'a/b/c',
  ';;;',
];

const PATH_SEGMENTS: Array<[string, RawText]> = [
  ['non-numeric', new RawText('abc')],
  ['negative', new RawText('-1')],
  ['zero', new RawText('0')],
  ['fraction', new RawText('1.5')],
  ['too large', new RawText('99999999999999999999')],
  ['2^31', new RawText('2147483648')],
  ['exponent', new RawText('1e40')],
  ['NaN', new RawText('NaN')],
  ['dot-dot', new RawText('..')],
  ['encoded dot-dot', new RawText('%2e%2e')],
  ['encoded slash', new RawText('a%2Fb')],
  ['encoded traversal', new RawText('..%2F..%2Fetc%2Fpasswd')],
  ['encoded NUL', new RawText('1%00')],
  ['malformed escape', new RawText('%E0%A4%A')],
  ['bad escape', new RawText('%ZZ')],
  ['encoded space', new RawText('%20')],
  ['comma list', new RawText('1,2')],
  ['long segment', new RawText('9'.repeat(10_000))],
  ['full-width digit', new RawText('%EF%BC%91')],
  ['SQL fragment', new RawText("1'%20OR%20'1'='1")],
];

const HEADER_CASES: Array<[string, Record<string, string>]> = [
  ['role header letters', { 'x-role-id': 'abc' }],
  ['role header negative', { 'x-role-id': '-1' }],
  ['role header too large', { 'x-role-id': '99999999999999999999' }],
  ['role header exponent', { 'x-role-id': '1e40' }],
  ['role header list', { 'x-role-id': '1,2' }],
  ['role header not held', { 'x-role-id': '2147483000' }],
  ['bearer without token', { authorization: 'Bearer ' }],
  ['forged bearer', { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' }],
  ['basic scheme', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
  ['language junk', { language: '../../etc/passwd' }],
  ['long device id', { 'x-device-id': 'd'.repeat(10_000) }],
  ['accept-encoding junk', { 'accept-encoding': 'gzip;q=abc, br;q=-1' }],
];

export interface EndpointFuzzOptions {
  def: EndpointDef;
  /** A valid input (path parameters included). */
  baseline: Record<string, unknown>;
  /** The headers of the caller (token and role), empty for an anonymous caller. */
  headers: Record<string, string>;
  random: () => number;
  /** Requests per endpoint at most: per-field inputs beyond it are sampled with `random`. */
  cap: number;
}

/** Path parameter names of a path template. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/**
 * URL-encodes text, lone surrogates too: they go as the bytes of their code point (WTF-8), which is no
 * valid UTF-8, so the server meets the malformed bytes a hostile client would send.
 */
function encodeText(text: string): string {
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (unit) => {
    if (unit.length === 2 || unit < '\uD800' || unit > '\uDFFF') return encodeURIComponent(unit);
    const code = unit.charCodeAt(0);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  });
}

const formText = (value: unknown): string => (typeof value === 'string' ? value : value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The request that carries `input` as the endpoint expects it (path, query, form, JSON or multipart). */
export function requestOf(def: EndpointDef, input: Record<string, unknown>, callerHeaders: Record<string, string>, label: string): FuzzRequest {
  let headers = callerHeaders;
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) if (value !== MISSING) rest[name] = value;
  // Header fields travel as headers: printable ASCII only (a header cannot carry more), cut to a sane length.
  for (const [name, header] of Object.entries(def.headerFields ?? {})) {
    if (name in rest)
      headers = {
        ...headers,
        [header]: formText(rest[name])
          .slice(0, 1000)
          .replace(/[^\x20-\x7e]/g, '?'),
      };
    delete rest[name];
  }
  let path = def.path;
  for (const name of pathParams(def.path)) {
    const value = rest[name];
    delete rest[name];
    const segment = value instanceof RawText ? value.text : encodeText(value === undefined ? '' : formText(value));
    path = path.replace(`:${name}`, segment);
  }
  const url = API_PREFIX + path;
  if (def.method === 'GET' || def.method === 'DELETE') return { label, method: def.method, url: url + queryOf(rest), headers };
  if (def.encoding === 'form') return { label, method: def.method, url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: queryOf(rest).slice(1) };
  if (def.encoding === 'multipart') return multipartRequest(label, url, headers, rest);
  return { label, method: def.method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(rest) };
}

function queryOf(fields: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof RawText) parts.push(`${encodeText(name)}=${value.text}`);
    else if (Array.isArray(value)) for (const item of value.slice(0, 50)) parts.push(`${encodeText(name)}=${encodeText(formText(item))}`);
    else parts.push(`${encodeText(name)}=${encodeText(value === null ? '' : formText(value))}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

const BOUNDARY = '----fuzzboundary7MA4YWxkTrZu0gW';

/** A multipart body: text fields, and a `file` field whose value is a Buffer (or any value, sent as text). */
function multipartRequest(label: string, url: string, headers: Record<string, string>, fields: Record<string, unknown>): FuzzRequest {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof Buffer) {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="fuzz.png"\r\nContent-Type: image/png\r\n\r\n`), value, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${formText(value)}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { label, method: 'POST', url, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: Buffer.concat(chunks) };
}

/** Multipart bodies broken in their framing, for the upload endpoint. */
export function malformedMultipart(url: string, headers: Record<string, string>): FuzzRequest[] {
  const part = (name: string, extra = '') => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n`;
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const bodies: Array<[string, string, string]> = [
    ['boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}--\r\n`],
    ['no boundary parameter', 'multipart/form-data', `${part('purpose')}idCard\r\n--${BOUNDARY}--\r\n`],
    ['other boundary', 'multipart/form-data; boundary=other', `${part('purpose')}idCard\r\n--${BOUNDARY}--\r\n`],
    ['truncated body', type, `${part('purpose')}idCard\r\n${part('file', '; filename="a.png"')}\u0089PNG`],
    ['no closing delimiter', type, `${part('purpose')}idCard\r\n`],
    ['empty body', type, ''],
    ['only the closing delimiter', type, `--${BOUNDARY}--\r\n`],
    ['two files', type, `${part('file', '; filename="a.png"')}a\r\n${part('file', '; filename="b.png"')}b\r\n--${BOUNDARY}--\r\n`],
    ['file in another field', type, `${part('other', '; filename="a.png"')}a\r\n--${BOUNDARY}--\r\n`],
    ['NUL file name', type, `${part('purpose')}idCard\r\n${part('file', '; filename="a\u0000.png"')}a\r\n--${BOUNDARY}--\r\n`],
    ['traversal file name', type, `${part('purpose')}idCard\r\n${part('file', '; filename="../../etc/passwd"')}a\r\n--${BOUNDARY}--\r\n`],
    ['field over its size', type, `${part('purpose')}${'p'.repeat(5000)}\r\n--${BOUNDARY}--\r\n`],
    ['too many fields', type, `${Array.from({ length: 20 }, (_, i) => `${part(`f${i}`)}v\r\n`).join('')}--${BOUNDARY}--\r\n`],
    ['no disposition', type, `--${BOUNDARY}\r\n\r\nx\r\n--${BOUNDARY}--\r\n`],
    ['header soup', type, `--${BOUNDARY}\r\nContent-Disposition: ;;;name=\r\n\r\nx\r\n--${BOUNDARY}--\r\n`],
  ];
  return bodies.map(([label, contentType, body]) => ({
    label: `multipart: ${label}`,
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': contentType },
    payload: Buffer.from(body, 'latin1'),
  }));
}

/**
 * The bad requests of one endpoint: body-level (malformed JSON, wrong content types, non-object bodies),
 * extra fields, headers, bad path parameters, and every field broken in turn. Per-field inputs beyond
 * `cap` are sampled; the list never falls below 100 (random two-field breaks fill it up).
 */
export function fuzzRequests({ def, baseline, headers, random, cap }: EndpointFuzzOptions): FuzzRequest[] {
  const fixed: FuzzRequest[] = [];
  const valid = requestOf(def, baseline, headers, 'baseline');
  const params = pathParams(def.path);
  const bodyCarrying = def.method === 'POST';
  if (bodyCarrying) {
    for (const [label, text] of MALFORMED_JSON) fixed.push({ ...valid, label: `body: ${label}`, headers: { ...valid.headers, 'content-type': 'application/json' }, payload: text });
    for (const type of CONTENT_TYPES) fixed.push({ ...valid, label: `content type ${type}`, headers: { ...valid.headers, 'content-type': type } });
  } else {
    fixed.push({ ...valid, label: 'JSON body on a GET', headers: { ...valid.headers, 'content-type': 'application/json' }, payload: '{"a":1}' });
    for (const raw of ['%', 'a=%ZZ', '=&&=', 'a[b]=1&a[c][d]=2', `q=${'q'.repeat(100_000)}`, '__proto__=1&constructor=2'])
      fixed.push({ ...valid, label: `query ${raw.slice(0, 20)}`, url: `${valid.url}${valid.url.includes('?') ? '&' : '?'}${raw}` });
  }
  if (def.encoding === 'multipart') fixed.push(...malformedMultipart(valid.url, headers));
  for (const [label, extra] of EXTRA_FIELDS) fixed.push(requestOf(def, { ...extra, ...baseline }, headers, label));
  for (const [label, extra] of HEADER_CASES) fixed.push({ ...valid, label: `header: ${label}`, headers: { ...valid.headers, ...extra } });
  for (const name of params) for (const [label, segment] of PATH_SEGMENTS) fixed.push(requestOf(def, { ...baseline, [name]: segment }, headers, `path ${name}: ${label}`));
  for (const suffix of ['/', '/..', '/%2e%2e/x', '//']) fixed.push({ ...valid, label: `path suffix ${suffix}`, url: valid.url.replace(/(\?|$)/, `${suffix}$1`) });

  const fields = Object.keys(fieldsOf(def.input)).filter((name) => !params.includes(name) && !(def.headerFields && name in def.headerFields));
  const perField: FuzzRequest[] = [];
  for (const name of fields) {
    for (const [label, value] of badValues(baseline[name])) perField.push(requestOf(def, { ...baseline, [name]: value }, headers, `${name}: ${label}`));
  }
  const room = Math.max(0, cap - fixed.length);
  const chosen = perField.length <= room ? perField : sample(perField, room, random);
  const out = [...fixed, ...chosen];
  // Endpoints with few fields: two fields broken at once, or a header field broken, until there are 100.
  const values = badValues(undefined).filter(([, value]) => value !== MISSING);
  const names = [...fields, ...Object.keys(def.headerFields ?? {}), 'fuzzExtra'];
  while (out.length < 100) {
    const input = { ...baseline };
    const labels: string[] = [];
    for (let i = 0; i < 2; i++) {
      const name = names[Math.floor(random() * names.length)]!;
      const [label, value] = values[Math.floor(random() * values.length)]!;
      input[name] = value;
      labels.push(`${name}: ${label}`);
    }
    out.push(requestOf(def, input, headers, labels.join(' + ')));
  }
  return out;
}

function sample<T>(items: T[], count: number, random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}
