import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import { ResponseCode } from '../../shared/codes';
import { XLSX_MEDIA_TYPE } from '../../shared/constants';
import { api } from '../../shared/contract';
import { XLSX_DOWNLOAD } from '../../shared/contract/export';
import { createApiClient } from './api-client';
import { callableEndpoint } from './bridge-core';
import { CodedError } from './errors';
import { createBridgeEvents } from './events';
import { createExports, EXPORT_CANCELLED_MSG, EXPORT_PROGRESS_STEP, exportEndpoint, fileNameFor, folderTarget, type Exports } from './exports';
import { fileNameOfDisposition } from './download';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let peer: Server;
let handler: Handler;
let baseUrl: string;
let dir: string;
let events: BridgeEvent[];
let exports: Exports;
let requests: IncomingMessage[];

const CHUNK = Buffer.alloc(EXPORT_PROGRESS_STEP, 7);

function fileHeaders(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': XLSX_MEDIA_TYPE, 'content-disposition': `attachment; filename="x.xlsx"; filename*=UTF-8''${encodeURIComponent('字典.xlsx')}` });
}

/** Waits until `check` holds, turning the event loop meanwhile. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

beforeEach(async () => {
  requests = [];
  peer = createServer((request, response) => {
    requests.push(request);
    handler(request, response);
  });
  peer.listen(0, '127.0.0.1');
  await once(peer, 'listening');
  baseUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(os.tmpdir(), 'dict-exports-'));
  events = [];
  const bridgeEvents = createBridgeEvents();
  bridgeEvents.subscribe((event) => events.push(event));
  const client = createApiClient({ serverUrl: () => baseUrl, context: () => ({ language: 'en_US', roleId: 3, deviceId: 'd', deviceModel: 'm', appId: 'a' }) });
  exports = createExports({ session: { call: (def, input) => client.call(def, input, { accessToken: 'the-token' }) }, events: bridgeEvents, target: folderTarget(dir) });
});

afterEach(async () => {
  peer.closeAllConnections();
  peer.close();
  rmSync(dir, { recursive: true, force: true });
});

const request = { endpointId: 'dictionary.export' as const, input: { name: 'vehicle' }, suggestedName: 'dictionaries' };

describe('exports to a file', () => {
  it('streams the body into the chosen file with progress, then says it is done', async () => {
    handler = (_request, response) => {
      fileHeaders(response);
      response.write(CHUNK);
      response.write(CHUNK);
      response.end(Buffer.from('end'));
    };
    const started = await exports.start(request);
    expect(started).toEqual({ exportId: expect.any(String), path: path.join(dir, 'dictionaries.xlsx') });
    await until(() => events.some((e) => e.type === 'export-progress' && e.done));
    const progress = events.filter((e) => e.type === 'export-progress');
    expect(progress.at(-1)).toEqual({ type: 'export-progress', exportId: started!.exportId, bytes: 2 * CHUNK.length + 3, done: true });
    // Chunks arrive as the network cuts them: progress comes at least a step apart, before the end.
    const steps = progress.filter((e) => !e.done).map((e) => e.bytes);
    expect(steps.length).toBeGreaterThan(0);
    steps.forEach((bytes, i) => expect(bytes - (steps[i - 1] ?? 0)).toBeGreaterThanOrEqual(EXPORT_PROGRESS_STEP));
    expect(readFileSync(started!.path)).toEqual(Buffer.concat([CHUNK, CHUNK, Buffer.from('end')]));
    expect(readdirSync(dir)).toEqual(['dictionaries.xlsx']);

    const sent = requests[0]!;
    expect(sent.method).toBe('GET');
    expect(sent.url).toBe('/api/sys/dictionary/export?name=vehicle');
    expect(sent.headers).toMatchObject({ authorization: 'Bearer the-token', 'x-role-id': '3', language: 'en_US' });
  });

  it('fails the start on a refusal (an envelope instead of a file) and makes no file', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: ResponseCode.Forbidden, msg: 'You have no permission for this action', data: null }));
    };
    await expect(exports.start(request)).rejects.toMatchObject({ code: ResponseCode.Forbidden, message: 'You have no permission for this action' });
    expect(readdirSync(dir)).toEqual([]);
    expect(events).toEqual([]);
  });

  it('cancels: the download is aborted at the server and the partial file removed', async () => {
    let serverSawClose = false;
    handler = (incoming, response) => {
      fileHeaders(response);
      response.write(CHUNK);
      // Nothing more comes until the client goes away.
      incoming.on('close', () => {
        serverSawClose = true;
      });
    };
    const started = await exports.start(request);
    await until(() => events.length > 0);
    expect(readdirSync(dir)).toEqual([`dictionaries.xlsx.${started!.exportId}.part`]);
    await exports.cancel(started!.exportId);
    expect(events.at(-1)).toEqual({ type: 'export-progress', exportId: started!.exportId, bytes: CHUNK.length, done: true, error: EXPORT_CANCELLED_MSG });
    expect(readdirSync(dir)).toEqual([]);
    await until(() => serverSawClose);
    await expect(exports.cancel(started!.exportId)).rejects.toMatchObject({ code: ResponseCode.NotFound });
  });

  it('reports a download that breaks off and leaves no file', async () => {
    handler = (_request, response) => {
      fileHeaders(response);
      response.write(CHUNK, () => response.socket?.destroy());
    };
    const started = await exports.start(request);
    await until(() => events.some((e) => e.type === 'export-progress' && e.done));
    const last = events.at(-1)!;
    expect(last).toMatchObject({ type: 'export-progress', exportId: started!.exportId, done: true, error: expect.stringMatching(/^The export stopped: /) });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('does nothing when no place is chosen, and says so when the console saves no exports', async () => {
    handler = () => {
      throw new Error('no request expected');
    };
    const declined = createExports({ session: { call: () => Promise.reject(new Error('no call expected')) }, events: createBridgeEvents(), target: async () => null });
    expect(await declined.start(request)).toBeNull();
    const none = createExports({ session: { call: () => Promise.reject(new Error('no call expected')) }, events: createBridgeEvents(), target: null });
    await expect(none.start(request)).rejects.toBeInstanceOf(CodedError);
    expect(requests).toEqual([]);
  });
});

describe('export requests', () => {
  it('takes only endpoints the contract declares as exports, and keeps them out of api.call', () => {
    expect(exportEndpoint('dictionary.export')).toBe(api.dictionary.export);
    for (const id of ['dictionary.list', 'dictionary', 'nope.export', 'dictionary.export.x', 42]) expect(() => exportEndpoint(id)).toThrow(/export endpoint|endpointId/);
    expect(() => callableEndpoint('dictionary.export')).toThrow(/exports\.start/);
  });

  it('makes the suggested name a plain file name with the extension', () => {
    expect(fileNameFor('dictionaries', XLSX_DOWNLOAD)).toBe('dictionaries.xlsx');
    expect(fileNameFor('Report.XLSX', XLSX_DOWNLOAD)).toBe('Report.XLSX');
    expect(fileNameFor('../../etc/passwd', XLSX_DOWNLOAD)).toBe('passwd.xlsx');
    expect(fileNameFor('C:\\Users\\x\\a:b?.xlsx', XLSX_DOWNLOAD)).toBe('a_b_.xlsx');
    expect(fileNameFor('  ', XLSX_DOWNLOAD)).toBe('export.xlsx');
    expect(() => fileNameFor(3, XLSX_DOWNLOAD)).toThrow(/suggestedName/);
  });

  it('reads the server’s file name, and picks a free name in the folder', async () => {
    expect(fileNameOfDisposition(`attachment; filename="a.xlsx"; filename*=UTF-8''${encodeURIComponent('字典 1.xlsx')}`)).toBe('字典 1.xlsx');
    expect(fileNameOfDisposition('attachment; filename="plain.xlsx"')).toBe('plain.xlsx');
    expect(fileNameOfDisposition(null)).toBeNull();
    writeFileSync(path.join(dir, 'a.xlsx'), '');
    writeFileSync(path.join(dir, 'a (2).xlsx'), '');
    const target = folderTarget(path.join(dir, 'new'));
    expect(await target({ suggestedName: 'a.xlsx', download: XLSX_DOWNLOAD })).toBe(path.join(dir, 'new', 'a.xlsx'));
    expect(existsSync(path.join(dir, 'new'))).toBe(true);
    expect(await folderTarget(dir)({ suggestedName: 'a.xlsx', download: XLSX_DOWNLOAD })).toBe(path.join(dir, 'a (3).xlsx'));
  });
});

describe('show in folder', () => {
  it('shows only a file an export of this session wrote to the end, never a cancelled one or an unknown id', async () => {
    const shown: string[] = [];
    const bridgeEvents = createBridgeEvents();
    bridgeEvents.subscribe((event) => events.push(event));
    const client = createApiClient({ serverUrl: () => baseUrl, context: () => ({ language: 'en_US', roleId: 3, deviceId: 'd', deviceModel: 'm', appId: 'a' }) });
    const revealing = createExports({
      session: { call: (def, input) => client.call(def, input, { accessToken: 'the-token' }) },
      events: bridgeEvents,
      target: folderTarget(dir),
      reveal: async (file) => void shown.push(file),
    });
    handler = (_request, response) => {
      fileHeaders(response);
      response.end(Buffer.from('done'));
    };
    const started = await revealing.start(request);
    await until(() => events.some((e) => e.type === 'export-progress' && e.done));
    await revealing.showInFolder(started!.exportId);
    expect(shown.at(-1)).toBe(path.join(dir, 'dictionaries.xlsx'));
    await expect(revealing.showInFolder('not-an-export')).rejects.toMatchObject({ code: ResponseCode.NotFound });
    await expect(revealing.showInFolder(path.join(dir, 'dictionaries.xlsx'))).rejects.toMatchObject({ code: ResponseCode.NotFound });

    handler = (_request, response) => {
      fileHeaders(response);
      response.write(CHUNK);
    };
    const cancelled = await revealing.start(request);
    await until(() => events.some((e) => e.type === 'export-progress' && e.exportId === cancelled!.exportId));
    await revealing.cancel(cancelled!.exportId);
    await expect(revealing.showInFolder(cancelled!.exportId)).rejects.toMatchObject({ code: ResponseCode.NotFound });
  });

  it('says so when the console cannot show files', async () => {
    handler = (_request, response) => {
      fileHeaders(response);
      response.end(Buffer.from('done'));
    };
    const started = await exports.start(request);
    await until(() => events.some((e) => e.type === 'export-progress' && e.done));
    await expect(exports.showInFolder(started!.exportId)).rejects.toBeInstanceOf(CodedError);
  });
});
