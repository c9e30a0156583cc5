import type { EndpointDef } from './endpoint';
import { auth } from './auth';
import { dept } from './dept';
import { dictionary } from './dictionary';
import { file } from './file';
import { menu } from './menu';
import { resource } from './resource';
import { role } from './role';
import { serviceCenter } from './service-center';
import { session } from './session';
import { user } from './user';

/** The whole API: every endpoint the server registers and the clients call, by area. */
export const api = { auth, session, menu, user, serviceCenter, dictionary, role, resource, dept, file } as const;

export type Api = typeof api;

/** Every endpoint with its `area.name` id, in a stable order. */
export function listEndpoints(): Array<{ id: string; def: EndpointDef }> {
  const out: Array<{ id: string; def: EndpointDef }> = [];
  for (const [area, defs] of Object.entries(api)) {
    for (const [name, def] of Object.entries(defs as Record<string, EndpointDef>)) out.push({ id: `${area}.${name}`, def });
  }
  return out;
}

export * from './endpoint';
