import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { api } from '../../shared/contract';
import { FILE_PURPOSES, FileBody, UploadedFile } from '../../shared/contract/file';
import { fail, ok } from '../../shared/envelope';
import { createApiClient } from './api-client';
import { createConsoleCore, type ConsoleCore } from './console-core';
import { ApiError } from './errors';
import { readManagedPreset, type KeyValueStore } from './settings';
import { startApiPeer, type ApiPeer } from './testing/api-peer';
import { createMemoryVault } from './token-vault';

/** Files through the core: a multipart upload, bytes answered as a body, and the bridge's files methods. */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface ReceivedUpload {
  order: string[];
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | null;
  authorization: string | undefined;
}

let peer: ApiPeer;
let dir: string;
let uploads: ReceivedUpload[];

beforeEach(async () => {
  dir = mkdtempSync(join(os.tmpdir(), 'console-files-'));
  uploads = [];
  peer = await startApiPeer([{ userId: 21, username: 'dora', password: 'Dora_1234' }], (app) => {
    void app.register(multipart);
    app.post('/api/sys/file/upload', async (request) => {
      const received: ReceivedUpload = { order: [], fields: {}, file: null, authorization: request.headers.authorization };
      for await (const part of request.parts()) {
        received.order.push(part.fieldname);
        if (part.type === 'file') received.file = { name: part.filename, bytes: await part.toBuffer() };
        else received.fields[part.fieldname] = String(part.value);
      }
      uploads.push(received);
      if (received.file?.name === 'refused.png') return fail(ResponseCode.InvalidInput, 'file: image size cannot exceed 2MB');
      return ok({ id: 41, url: '/api/sys/file/41' });
    });
    app.get<{ Params: { fileId: string } }>('/api/sys/file/:fileId', async (request, reply) => {
      if (request.params.fileId === '9') return fail(ResponseCode.OutOfScope, 'The data chosen is outside the current role');
      return reply.type('image/png').send(PNG);
    });
  });
});
afterEach(async () => {
  await peer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the api client', () => {
  const client = () => createApiClient({ serverUrl: () => peer.url, context: () => ({ language: 'en_US', roleId: 3, deviceId: 'd', deviceModel: 'm', appId: 'a' }) });

  it('sends an upload as multipart: the text fields first, then the file with its name', async () => {
    const answer = await client().call(api.file.upload, { purpose: 'idCard', file: new UploadedFile('front.png', PNG) }, { accessToken: 'token-1' });
    expect(answer).toEqual({ id: 41, url: '/api/sys/file/41' });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ order: ['purpose', 'file'], fields: { purpose: 'idCard' }, authorization: 'Bearer token-1' });
    expect(uploads[0]!.file!.name).toBe('front.png');
    expect(Buffer.compare(uploads[0]!.file!.bytes, PNG)).toBe(0);
  });

  it("reads a stored file's bytes and type, and a refusal's envelope as an error", async () => {
    const body = await client().call(api.file.content, { fileId: 3 });
    expect(body).toBeInstanceOf(FileBody);
    expect(body.mime).toBe('image/png');
    expect(Buffer.compare(Buffer.from(body.bytes), PNG)).toBe(0);
    const refused = await client()
      .call(api.file.content, { fileId: 9 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: ResponseCode.OutOfScope });
  });
});

describe('the bridge files methods', () => {
  let core: ConsoleCore;
  beforeEach(() => {
    const store: KeyValueStore = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings' });
    core = createConsoleCore({
      store,
      preset: readManagedPreset({ CONSOLE_SERVER_URL: peer.url, CONSOLE_MANAGED_CONFIG: join(dir, 'none.json') }, 'linux'),
      vault: createMemoryVault(),
      platform: { kind: 'browser', appVersion: '1.0.1', os: 'test' },
      embedded: null,
      fileUrl: (fileId) => `app://console/files/${fileId}`,
    });
  });
  afterEach(() => core.close());

  it('uploads as the signed-in user and answers a URL of the transport, never the server address or a token', async () => {
    expect(await core.bridge.files.upload({ purpose: 'idCard', name: 'front.png', bytes: new Uint8Array(PNG) })).toMatchObject({ ok: false, code: ResponseCode.Unauthorized });
    await core.bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    const answer = await core.bridge.files.upload({ purpose: 'idCard', name: 'front.png', bytes: new Uint8Array(PNG) });
    expect(answer).toEqual({ ok: true, data: { id: 41, url: 'app://console/files/41' } });
    expect(uploads.at(-1)!.authorization).toMatch(/^Bearer /);
    expect(await core.bridge.files.upload({ purpose: 'idCard', name: 'refused.png', bytes: new Uint8Array(PNG) })).toEqual({
      ok: false,
      code: ResponseCode.InvalidInput,
      msg: 'file: image size cannot exceed 2MB',
    });
    expect(await core.bridge.files.url(41)).toEqual({ ok: true, data: { url: 'app://console/files/41' } });
  });

  it('checks the request before anything is sent', async () => {
    await core.bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    const bytes = new Uint8Array(PNG);
    expect(await core.bridge.files.upload({ purpose: 'avatar', name: 'a.png', bytes } as never)).toEqual({
      ok: false,
      code: ResponseCode.InvalidInput,
      msg: `purpose must be one of ${FILE_PURPOSES.join(', ')}`,
    });
    expect(await core.bridge.files.upload({ purpose: 'idCard', name: 7, bytes } as never)).toMatchObject({ ok: false, code: ResponseCode.InvalidInput });
    expect(await core.bridge.files.upload({ purpose: 'idCard', name: 'a.png', bytes: [1, 2] } as never)).toEqual({
      ok: false,
      code: ResponseCode.InvalidInput,
      msg: "bytes must be the file's bytes (a Uint8Array)",
    });
    expect(await core.bridge.files.url(-1)).toEqual({ ok: false, code: ResponseCode.InvalidInput, msg: 'fileId must be a positive whole number' });
    expect(uploads).toEqual([]);
  });

  it('reads a file for the transports with the session, and keeps file endpoints off api.call', async () => {
    await core.bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    const body = await core.bridge.readFile(5);
    expect(body.mime).toBe('image/png');
    expect((await core.bridge.api.call('file.content', { fileId: 5 })).ok).toBe(false);
    expect(await core.bridge.api.call('file.upload', {} as never)).toEqual({
      ok: false,
      code: ResponseCode.InvalidInput,
      msg: "file.upload carries a file's bytes and is reachable only through the bridge's files methods",
    });
  });

  it('says so where the transport shows no files', async () => {
    const store: KeyValueStore = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'other' });
    const bare = createConsoleCore({
      store,
      preset: readManagedPreset({ CONSOLE_SERVER_URL: peer.url, CONSOLE_MANAGED_CONFIG: join(dir, 'none.json') }, 'linux'),
      vault: createMemoryVault(),
      platform: { kind: 'browser', appVersion: '1', os: 'test' },
      embedded: null,
    });
    expect(await bare.bridge.files.url(1)).toEqual({ ok: false, code: ResponseCode.CallerError, msg: 'This console shows no stored files' });
    await bare.close();
  });
});
