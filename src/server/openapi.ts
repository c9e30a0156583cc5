import { z } from 'zod';
import { API_PREFIX, API_VERSION } from '../shared/constants';
import { listEndpoints } from '../shared/contract';

const REQUEST_MEDIA_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' } as const;

function envelopeSchema(data: unknown): Record<string, unknown> {
  return { type: 'object', required: ['code', 'msg', 'data'], properties: { code: { type: 'string' }, msg: { type: 'string' }, data } };
}

/** The OpenAPI 3.1 document, generated from the contract: the same definitions the routes use. */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { id, def } of listEndpoints()) {
    const openApiPath = API_PREFIX + def.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const params = [...def.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const inputSchema = z.toJSONSchema(def.input, { io: 'input', unrepresentable: 'any' });
    const outputSchema = z.toJSONSchema(def.output, { io: 'output', unrepresentable: 'any' });
    const operation: Record<string, unknown> = {
      operationId: id,
      summary: def.summary,
      tags: [def.service],
      'x-access': def.access,
      parameters: def.method === 'GET' ? [...params, { name: 'query', in: 'query', style: 'form', explode: true, schema: inputSchema }] : params,
      responses: {
        200: def.download
          ? {
              description: 'The file, streamed; a refusal is an envelope (application/json) with its code and msg',
              content: { [def.download.mediaType]: { schema: { type: 'string', format: 'binary' } }, 'application/json': { schema: envelopeSchema({}) } },
            }
          : { description: "Envelope: code '00000' and data on success, another code and msg otherwise", content: { 'application/json': { schema: envelopeSchema(outputSchema) } } },
      },
    };
    if (def.method !== 'GET') {
      const mediaType = REQUEST_MEDIA_TYPES[def.encoding];
      operation.requestBody = { required: true, content: { [mediaType]: { schema: inputSchema } } };
    }
    if (def.access !== 'public') operation.security = [{ bearer: [] }];
    paths[openApiPath] = { ...paths[openApiPath], [def.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Back-office Console API', version: API_VERSION },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
