import type { Locale } from '../constants';
import type { EndpointDef } from './endpoint';
import { ENDPOINT_NAMES, SERVICE_NAMES, VARIANT_NAMES, type LocalNames } from './endpoint-names';
import { nameIn } from '../local-names';
import { listEndpoints } from './index';

/**
 * How interface monitoring stores what a call was and names it when a row is read: a call to an endpoint stores the
 * endpoint's id (`area.name`, `area.name#value` for a `summaryBy` variant) and its service's key; the screen, the
 * filters and the export show the names of `endpoint-names.ts` in the reader's language. Rows written before the
 * names were stored as ids hold the endpoint's English summary: those are named the same way.
 */

/** Separates an endpoint's id from the value of its `summaryBy` field. */
const VARIANT_MARK = '#';

interface Naming {
  /** Every stored form of an interface (id, variant id, English summary of older rows) and its names. */
  interfaces: Map<string, LocalNames>;
  idOf: Map<EndpointDef, string>;
}

let naming: Naming | null = null;

function namingOf(): Naming {
  if (naming) return naming;
  const interfaces = new Map<string, LocalNames>();
  const idOf = new Map<EndpointDef, string>();
  const legacy = new Map<string, LocalNames>();
  for (const { id, def } of listEndpoints()) {
    const [area, name] = id.split('.') as [string, string];
    const names = (ENDPOINT_NAMES as unknown as Record<string, Record<string, LocalNames>>)[area]![name]!;
    idOf.set(def, id);
    interfaces.set(id, names);
    // Two endpoints that shared an English summary: older rows of either are named as the first.
    if (!legacy.has(def.summary)) legacy.set(def.summary, names);
    for (const [value, summary] of Object.entries(def.summaryBy?.summaries ?? {})) {
      const variant = VARIANT_NAMES[`${id}${VARIANT_MARK}${value}`]!;
      interfaces.set(`${id}${VARIANT_MARK}${value}`, variant);
      if (!legacy.has(summary)) legacy.set(summary, variant);
    }
  }
  for (const [summary, names] of legacy) if (!interfaces.has(summary)) interfaces.set(summary, names);
  naming = { interfaces, idOf };
  return naming;
}

/** What a call to `def` stores as its interface: the endpoint's id, with the variant its body names. */
export function storedInterfaceOf(def: EndpointDef, body: unknown): string {
  const id = namingOf().idOf.get(def);
  if (id === undefined) throw new Error(`the endpoint ${def.method} ${def.path} is not in the contract`);
  const by = def.summaryBy;
  if (!by || typeof body !== 'object' || body === null) return id;
  const value = (body as Record<string, unknown>)[by.field];
  return typeof value === 'string' && Object.hasOwn(by.summaries, value) ? `${id}${VARIANT_MARK}${value}` : id;
}

/** An interface's name in `locale`; a stored text that names no endpoint (an unknown address) is shown as it is. */
export function interfaceNameOf(stored: string, locale: Locale): string {
  const names = namingOf().interfaces.get(stored);
  return names ? nameIn(names, locale) : stored;
}

/** A service's name in `locale`; a key the catalogue does not know is shown as it is. */
export function serviceNameOf(stored: string, locale: Locale): string {
  const names = SERVICE_NAMES[stored];
  return names ? nameIn(names, locale) : stored;
}

/** Every stored interface with its name in `locale`: the export writes these for the stored values. */
export function interfaceLabels(locale: Locale): Record<string, string> {
  return Object.fromEntries([...namingOf().interfaces].map(([stored, names]) => [stored, nameIn(names, locale)]));
}

/** Every service key with its name in `locale`. */
export function serviceLabels(locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(SERVICE_NAMES).map(([key, names]) => [key, nameIn(names, locale)]));
}

const contains = (names: LocalNames, text: string): boolean => names.some((name) => name.toLowerCase().includes(text));

/** The stored interfaces whose name in any locale contains `text` (case-insensitive): a filter finds them whatever language it is typed in. */
export function interfacesNamed(text: string): string[] {
  const wanted = text.trim().toLowerCase();
  return [...namingOf().interfaces].filter(([, names]) => contains(names, wanted)).map(([stored]) => stored);
}

/** The service keys whose name in any locale contains `text` (case-insensitive). */
export function servicesNamed(text: string): string[] {
  const wanted = text.trim().toLowerCase();
  return Object.entries(SERVICE_NAMES)
    .filter(([, names]) => contains(names, wanted))
    .map(([key]) => key);
}
