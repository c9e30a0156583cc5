import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_PREFIX } from '../shared/constants';
import { OPENAPI_PATH } from './openapi';

/** The reference page's address; its scripts and styles are served beside it, from the server's own packages. */
export const API_REFERENCE_PATH = `${API_PREFIX}/reference`;

/** Only the server's own files: no CDN, no inline script or style, no frame around the page. */
const CONTENT_SECURITY_POLICY = "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Swagger UI's files the page loads, by the name they are served under. */
const SWAGGER_UI_FILES = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
} as const;

type SwaggerUiFile = keyof typeof SWAGGER_UI_FILES;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Back-office Console API</title>
    <link rel="stylesheet" href="${API_REFERENCE_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_REFERENCE_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_REFERENCE_PATH}/start.js"></script>
  </body>
</html>
`;

// No validator badge (it would ask validator.swagger.io); "Try it out" only for reads: the server refuses a browser
// page's writes (request-guard.ts: a request with an Origin header).
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  supportedSubmitMethods: ['get'],
});
`;

const requirePackage = createRequire(import.meta.url);

function send(reply: FastifyReply, type: string, body: string | Buffer): FastifyReply {
  return reply.type(type).header('content-security-policy', CONTENT_SECURITY_POLICY).header('x-content-type-options', 'nosniff').header('cache-control', 'no-cache').send(body);
}

/**
 * The API reference (Swagger UI over the OpenAPI document). Its files are read once, at the first request, from
 * swagger-ui-dist in the server's node_modules (the packaged app's archive holds it as a dependency).
 */
export function registerApiReference(app: FastifyInstance): void {
  const files = new Map<SwaggerUiFile, Promise<Buffer>>();
  const fileOf = (name: SwaggerUiFile): Promise<Buffer> => {
    let file = files.get(name);
    if (!file) {
      file = readFile(requirePackage.resolve(`swagger-ui-dist/${name}`));
      files.set(name, file);
    }
    return file;
  };
  app.get(API_REFERENCE_PATH, async (_request, reply) => send(reply, 'text/html; charset=utf-8', PAGE));
  app.get(`${API_REFERENCE_PATH}/start.js`, async (_request, reply) => send(reply, 'text/javascript; charset=utf-8', START_SCRIPT));
  for (const name of Object.keys(SWAGGER_UI_FILES) as SwaggerUiFile[]) {
    app.get(`${API_REFERENCE_PATH}/${name}`, async (_request, reply) => send(reply, SWAGGER_UI_FILES[name], await fileOf(name)));
  }
}
