// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHODS, BROWSER_HOST_EVENTS_PATH, BROWSER_HOST_PAGE_SECRET_HEADER, BROWSER_HOST_PAGE_SECRET_META } from '../../shared/bridge';
import { TRANSPORT_FAILURE_CODE, createHttpBridge, pageSecretOf } from './http-transport';

const pageSecret = 'page-secret_0123456789';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fakeEvents() {
  const sources: Array<{ url: string; onmessage: ((m: MessageEvent<string>) => void) | null; closed: boolean; close(): void }> = [];
  const openEvents = (url: string) => {
    const source = {
      url,
      onmessage: null as ((m: MessageEvent<string>) => void) | null,
      closed: false,
      close() {
        this.closed = true;
      },
    };
    sources.push(source);
    return source;
  };
  return { sources, openEvents };
}

describe('the browser-host transport', () => {
  it('posts every bridge method with its arguments, the page secret header and same-origin credentials', async () => {
    const fetch = vi.fn(async () => jsonResponse({ ok: true, data: { needShow: true } }));
    const bridge = createHttpBridge({ fetch, openEvents: fakeEvents().openEvents, pageSecret });

    const result = await bridge.auth.captchaNeeded('admin');

    expect(result).toEqual({ ok: true, data: { needShow: true } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/__bridge/auth.captchaNeeded');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json', [BROWSER_HOST_PAGE_SECRET_HEADER]: pageSecret });
    expect(JSON.parse(init.body as string)).toEqual({ args: ['admin'] });
  });

  it('sends bytes (a file to upload) as base64 inside the JSON body', async () => {
    const fetch = vi.fn(async () => jsonResponse({ ok: true, data: { id: 3, url: '/__bridge/files/3?secret=s' } }));
    const bridge = createHttpBridge({ fetch, openEvents: fakeEvents().openEvents, pageSecret });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    expect(await bridge.files.upload({ purpose: 'idCard', name: 'a.png', bytes })).toEqual({ ok: true, data: { id: 3, url: '/__bridge/files/3?secret=s' } });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ args: [{ purpose: 'idCard', name: 'a.png', bytes: { $bytes: 'iVBORwD/' } }] });
  });

  it('has a function for every method of BRIDGE_METHODS', () => {
    const bridge = createHttpBridge({ fetch: vi.fn(), openEvents: fakeEvents().openEvents, pageSecret }) as unknown as Record<string, Record<string, unknown> | unknown>;
    for (const method of BRIDGE_METHODS) {
      const [group, name] = method.split('.') as [string, string | undefined];
      const fn = name === undefined ? bridge[group] : (bridge[group] as Record<string, unknown>)[name];
      expect(typeof fn, method).toBe('function');
    }
  });

  it('passes an error result of the host through and turns anything else into a transport failure', async () => {
    const refused = await createHttpBridge({ fetch: async () => jsonResponse({ ok: false, code: '401', msg: 'not open' }, 401), openEvents: fakeEvents().openEvents, pageSecret }).session.state();
    expect(refused).toEqual({ ok: false, code: '401', msg: 'not open' });

    const html = await createHttpBridge({ fetch: async () => new Response('<html>', { status: 502 }), openEvents: fakeEvents().openEvents, pageSecret }).session.state();
    expect(html).toEqual({ ok: false, code: TRANSPORT_FAILURE_CODE, msg: 'HTTP 502' });

    const offline = await createHttpBridge({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      openEvents: fakeEvents().openEvents,
      pageSecret,
    }).session.state();
    expect(offline).toEqual({ ok: false, code: TRANSPORT_FAILURE_CODE, msg: 'Failed to fetch' });
  });

  it('shares one event stream among listeners and closes it with the last one', () => {
    const events = fakeEvents();
    const bridge = createHttpBridge({ fetch: vi.fn(), openEvents: events.openEvents, pageSecret });
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = bridge.events.subscribe(first);
    const stopSecond = bridge.events.subscribe(second);
    expect(events.sources).toHaveLength(1);
    expect(events.sources[0]?.url).toBe(`${BROWSER_HOST_EVENTS_PATH}?secret=${pageSecret}`);

    events.sources[0]?.onmessage?.({ data: JSON.stringify({ type: 'session-expired' }) } as MessageEvent<string>);
    events.sources[0]?.onmessage?.({ data: 'not json' } as MessageEvent<string>);
    expect(first).toHaveBeenCalledExactlyOnceWith({ type: 'session-expired' });
    expect(second).toHaveBeenCalledExactlyOnceWith({ type: 'session-expired' });

    stopFirst();
    expect(events.sources[0]?.closed).toBe(false);
    stopSecond();
    expect(events.sources[0]?.closed).toBe(true);
  });

  it('reads the page secret the host wrote into the page, and has none in a page the host did not serve', () => {
    const page = new DOMParser().parseFromString(`<!doctype html><head><meta name="${BROWSER_HOST_PAGE_SECRET_META}" content="${pageSecret}"></head>`, 'text/html');
    expect(pageSecretOf(page)).toBe(pageSecret);
    expect(pageSecretOf(new DOMParser().parseFromString('<!doctype html><title>x</title>', 'text/html'))).toBe('');
  });
});
