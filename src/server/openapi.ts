import { z } from 'zod';
import { ResponseCode } from '../shared/codes';
import { API_PREFIX, API_VERSION, Header } from '../shared/constants';
import { KEY_SCHEMES, listEndpoints, type EndpointDef } from '../shared/contract';
import { FileBody } from '../shared/contract/file';

type JsonSchema = Record<string, unknown>;

const REQUEST_MEDIA_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' } as const;

/** Where the server serves the document. */
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;

const COMPONENT_SCHEMAS = '#/components/schemas/';
const BEARER_SCHEME = 'bearer';

/**
 * The answers other than the envelope, as the server sends them (app.ts, request-guard.ts): every other refusal is
 * an envelope with HTTP 200, its code in `code` and its reason in `msg`.
 */
const REFUSALS = {
  /** Any request: an Origin header (no browser page is a client), or a non-loopback Host on a loopback server. */
  403: 'Refused before the call: the request carries an Origin header, or names a Host other than loopback on a server bound to loopback',
  /** A body the server cannot read (malformed JSON, a form or multipart body where JSON is expected). */
  400: 'The body cannot be read: malformed JSON or a media type the operation does not take',
  413: 'The body is larger than the server takes (1 MB)',
  415: 'The body has a media type the server does not read',
} as const;

/** The codes of a refusal: every code but success, and the one only the desktop client sets. */
const REFUSAL_CODES = Object.values(ResponseCode).filter((code) => code !== ResponseCode.Success && code !== ResponseCode.Unreachable);

const ENVELOPE_DESCRIPTION = `The envelope of every answer: \`code\` '${ResponseCode.Success}' with \`data\` on success; a refusal (HTTP 200) has one of the other codes, \`msg\` naming the problem in the caller's language and \`data\` null.`;

/**
 * Collects the schemas the contract names (`.meta({ id })`, which zod places under `$defs`) into the document's
 * components, so that a recursive tree is one component its `$ref`s resolve to.
 */
class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = { Refusal: refusalSchema() };

  convert(schema: z.ZodType, io: 'input' | 'output', where: string): JsonSchema {
    const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', override: describeFile }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const { $defs, $schema: _dialect, ...body } = converted;
    for (const [name, def] of Object.entries($defs ?? {})) {
      // zod names an unnamed recursive schema `__schemaN`, a name that means nothing to an integrator.
      if (/^__schema\d+$/.test(name)) throw new Error(`${where}: a recursive schema has no name: give it .meta({ id }) in the contract`);
      const component = pointAtComponents(def, where);
      const known = this.schemas[name];
      if (known && JSON.stringify(known) !== JSON.stringify(component)) throw new Error(`${where}: two different schemas are named ${name}`);
      this.schemas[name] = component;
    }
    return pointAtComponents(body, where);
  }
}

/** An uploaded file travels as the bytes of a multipart part. */
function describeFile(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const def = (ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def;
  if (def.type === 'custom') Object.assign(ctx.jsonSchema, { type: 'string', format: 'binary' });
}

function pointAtComponents(schema: JsonSchema, where: string): JsonSchema {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) => {
    if (isSafeIntegerRange(value)) {
      // zod bounds every integer by the safe range: it says nothing to an integrator and made every example -9007199254740991.
      const { minimum: _minimum, maximum: _maximum, ...unbounded } = value;
      return unbounded;
    }
    if (key !== '$ref') return value;
    if (typeof value !== 'string' || !value.startsWith('#/$defs/')) throw new Error(`${where}: a reference outside the named schemas (${String(value)})`);
    return COMPONENT_SCHEMAS + value.slice('#/$defs/'.length);
  }) as JsonSchema;
}

function isSafeIntegerRange(value: unknown): value is JsonSchema {
  const range = value as { type?: unknown; minimum?: unknown; maximum?: unknown } | null;
  return range?.type === 'integer' && range.minimum === Number.MIN_SAFE_INTEGER && range.maximum === Number.MAX_SAFE_INTEGER;
}

function refusalSchema(): JsonSchema {
  return {
    type: 'object',
    description: "A refused call: its code, and msg naming the problem in the caller's language",
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'string', enum: REFUSAL_CODES }, msg: { type: 'string' }, data: { type: 'null' } },
  };
}

/** Success or refusal, told apart by `code`: a client narrows the union by comparing it with '00000'. */
function envelopeSchema(data: JsonSchema): JsonSchema {
  const success = { type: 'object', required: ['code', 'msg', 'data'], properties: { code: { type: 'string', const: ResponseCode.Success }, msg: { type: 'string' }, data } };
  return { description: ENVELOPE_DESCRIPTION, oneOf: [success, { $ref: `${COMPONENT_SCHEMAS}Refusal` }] };
}

const refusalContent = { 'application/json': { schema: { $ref: `${COMPONENT_SCHEMAS}Refusal` } } };

function pathParamsOf(def: EndpointDef): string[] {
  return [...def.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
}

/** The fields of the endpoint's one input schema, split by where they travel: path, query or body, header. */
function operationInput(id: string, def: EndpointDef, components: SchemaComponents): { parameters: JsonSchema[]; body: JsonSchema | null } {
  const input = components.convert(def.input, 'input', id);
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const pathParams = pathParamsOf(def);
  const headerFields = new Set(Object.keys(def.headerFields ?? {}));
  const parameters: JsonSchema[] = pathParams.map((name) => {
    const schema = properties[name];
    if (!schema) throw new Error(`${id}: the path parameter ${name} is not a field of the input`);
    return { name, in: 'path', required: true, schema };
  });
  const rest = Object.entries(properties).filter(([name]) => !pathParams.includes(name) && !headerFields.has(name));
  if (def.method === 'GET') {
    for (const [name, schema] of rest) parameters.push({ name, in: 'query', required: required.has(name), schema, ...(schema.type === 'array' ? { style: 'form', explode: true } : {}) });
    return { parameters, body: null };
  }
  const bodyRequired = rest.map(([name]) => name).filter((name) => required.has(name));
  const body: JsonSchema = { ...input, properties: Object.fromEntries(rest), ...(bodyRequired.length > 0 ? { required: bodyRequired } : {}) };
  if (bodyRequired.length === 0) delete body.required;
  return { parameters, body };
}

/** Who may call: a bearer session (with the role header for a permission key), a key in a header, or anyone. */
function securityOf(id: string, def: EndpointDef): { security: JsonSchema[]; parameters: JsonSchema[] } {
  if (def.headerFields) {
    if (!def.keyScheme) throw new Error(`${id}: a call taking a key in a header names its keyScheme`);
    return { security: [{ [def.keyScheme]: [] }], parameters: [] };
  }
  if (def.access === 'public') return { security: [{}], parameters: [] };
  const roleHeader = {
    name: Header.Role,
    in: 'header',
    required: def.access !== 'session',
    description: def.access === 'session' ? 'The role the call acts in, one the user holds (optional here)' : `The role the call acts in: one the user holds, granted the permission key ${def.access}`,
    schema: { type: 'integer', minimum: 1 },
  };
  return { security: [{ [BEARER_SCHEME]: [] }], parameters: [roleHeader] };
}

function successResponse(def: EndpointDef, components: SchemaComponents, id: string): JsonSchema {
  if (def.download) {
    return {
      description: 'The file, streamed; a refusal is an envelope (application/json) with its code and msg',
      content: { [def.download.mediaType]: { schema: { type: 'string', format: 'binary' } }, ...refusalContent },
    };
  }
  if (def.output.safeParse(new FileBody('application/octet-stream', new Uint8Array())).success) {
    return {
      description: "The stored file's bytes with its own media type; a refusal is an envelope (application/json) with its code and msg",
      content: { '*/*': { schema: { type: 'string', format: 'binary' } }, ...refusalContent },
    };
  }
  return { description: ENVELOPE_DESCRIPTION, content: { 'application/json': { schema: envelopeSchema(components.convert(def.output, 'output', id)) } } };
}

/** The OpenAPI 3.1 document, generated from the contract: the same definitions the routes use. */
export function buildOpenApi(): Record<string, unknown> {
  const components = new SchemaComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const { id, def } of listEndpoints()) {
    const area = id.split('.')[0]!;
    tags.add(area);
    const openApiPath = API_PREFIX + def.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const input = operationInput(id, def, components);
    const access = securityOf(id, def);
    const responses: Record<string, unknown> = { 200: successResponse(def, components, id), 403: { description: REFUSALS[403], content: refusalContent } };
    if (input.body) {
      for (const status of [400, 413, 415] as const) responses[status] = { description: REFUSALS[status], content: refusalContent };
    }
    const operation: Record<string, unknown> = {
      operationId: id,
      summary: def.summary,
      tags: [area],
      'x-access': def.access,
      security: access.security,
      parameters: [...input.parameters, ...access.parameters],
      responses,
    };
    if (input.body) operation.requestBody = { required: true, content: { [REQUEST_MEDIA_TYPES[def.encoding]]: { schema: input.body } } };
    paths[openApiPath] = { ...paths[openApiPath], [def.method.toLowerCase()]: operation };
  }
  const keySchemes = Object.fromEntries(
    (Object.keys(KEY_SCHEMES) as Array<keyof typeof KEY_SCHEMES>).map((name) => [name, { type: 'apiKey', in: 'header', name: headerOfScheme(name), description: KEY_SCHEMES[name] }]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Back-office Console API',
      version: API_VERSION,
      description:
        'The API of the Back-office Console team server. Every answer is an envelope `{code, msg, data}`; see docs/integration.md for getting a key and calling the published-information and open messaging endpoints.',
    },
    // Relative to this document: the team server that serves it.
    servers: [{ url: '/', description: 'The team server serving this document' }],
    tags: [...tags].map((name) => ({ name })),
    components: {
      securitySchemes: {
        [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', description: 'The access token of a signed-in user (POST /api/auth/oauth/token)' },
        ...keySchemes,
      },
      schemas: components.schemas,
    },
    paths,
  };
}

/** The header a key scheme travels in, from the endpoints that take it: one header per scheme. */
function headerOfScheme(scheme: keyof typeof KEY_SCHEMES): string {
  const headers = new Set(listEndpoints().flatMap(({ def }) => (def.keyScheme === scheme ? Object.values(def.headerFields ?? {}) : [])));
  if (headers.size !== 1) throw new Error(`the key scheme ${scheme} travels in ${headers.size} headers, expected one`);
  return [...headers][0]!;
}
