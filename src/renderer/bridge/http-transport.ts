import {
  buildBridgeObject,
  BROWSER_HOST_BRIDGE_PATH,
  BROWSER_HOST_EVENTS_PATH,
  BROWSER_HOST_PAGE_SECRET_HEADER,
  BROWSER_HOST_PAGE_SECRET_META,
  BROWSER_HOST_PAGE_SECRET_PARAM,
  type BridgeEvent,
  type BridgeResult,
  type ConsoleBridge,
} from '../../shared/bridge';
import { bytesReplacer } from '../../shared/bridge-binary';

/**
 * The browser host's transport for the bridge: every method is a POST to `/__bridge/<method>` and events
 * arrive on one EventSource. The host authenticates the page with an HttpOnly cookie the page never reads and
 * with the page secret it wrote into the page, which every call carries (see src/browser-host/bridge-routes.ts).
 */

/** The code of a result the transport made itself: the host was unreachable or answered something else than a result. */
export const TRANSPORT_FAILURE_CODE = 'transport';

interface EventSourceLike {
  onmessage: ((message: MessageEvent<string>) => void) | null;
  close(): void;
}

export interface HttpTransportDeps {
  fetch: typeof fetch;
  openEvents: (url: string) => EventSourceLike;
  /** The secret the host wrote into this page; empty when the page did not come from the host (every call is then refused). */
  pageSecret: string;
}

/** The page secret from the served page's meta element. */
export function pageSecretOf(document: Pick<Document, 'querySelector'>): string {
  return document.querySelector(`meta[name="${BROWSER_HOST_PAGE_SECRET_META}"]`)?.getAttribute('content') ?? '';
}

const browserDeps = (): HttpTransportDeps => ({
  fetch: (input, init) => fetch(input, init),
  openEvents: (url) => new EventSource(url),
  pageSecret: pageSecretOf(document),
});

function isBridgeResult(value: unknown): value is BridgeResult<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  const result = value as Record<string, unknown>;
  return result.ok === true ? 'data' in result : result.ok === false && typeof result.code === 'string' && typeof result.msg === 'string';
}

function parseEvent(data: string): BridgeEvent | null {
  try {
    const event: unknown = JSON.parse(data);
    return typeof event === 'object' && event !== null && typeof (event as { type?: unknown }).type === 'string' ? (event as BridgeEvent) : null;
  } catch {
    return null;
  }
}

export async function postBridgeCall(deps: Pick<HttpTransportDeps, 'fetch' | 'pageSecret'>, method: string, args: unknown[]): Promise<BridgeResult<unknown>> {
  let response: Response;
  try {
    response = await deps.fetch(`${BROWSER_HOST_BRIDGE_PATH}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BROWSER_HOST_PAGE_SECRET_HEADER]: deps.pageSecret },
      credentials: 'same-origin',
      // Bytes (a file to upload) travel as {"$bytes": base64}: JSON has no binary.
      body: JSON.stringify({ args }, bytesReplacer),
    });
  } catch (error) {
    return { ok: false, code: TRANSPORT_FAILURE_CODE, msg: error instanceof Error ? error.message : String(error) };
  }
  try {
    const body: unknown = await response.json();
    if (isBridgeResult(body)) return body;
  } catch {
    // Not JSON: reported below with the HTTP status.
  }
  return { ok: false, code: TRANSPORT_FAILURE_CODE, msg: `HTTP ${response.status}` };
}

/** Every bridge method as a POST to the host, plus the event subscription over one EventSource. */
export function createHttpBridge(deps: HttpTransportDeps = browserDeps()): ConsoleBridge {
  // One EventSource however many listeners: opened with the first, closed with the last.
  const listeners = new Set<(event: BridgeEvent) => void>();
  let source: EventSourceLike | null = null;
  const subscribe = (listener: (event: BridgeEvent) => void): (() => void) => {
    listeners.add(listener);
    if (!source) {
      source = deps.openEvents(`${BROWSER_HOST_EVENTS_PATH}?${new URLSearchParams({ [BROWSER_HOST_PAGE_SECRET_PARAM]: deps.pageSecret })}`);
      source.onmessage = (message) => {
        const event = parseEvent(message.data);
        if (event) for (const each of [...listeners]) each(event);
      };
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && source) {
        source.close();
        source = null;
      }
    };
  };
  return buildBridgeObject(
    (method) =>
      (...args) =>
        postBridgeCall(deps, method, args),
    subscribe,
  );
}
