import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../shared/codes';
import { smsConfigFromEnv } from './outbox/sms-config';
import { startTestServer, type TestServer } from './testing/harness';
import { guideExamples } from './testing/integration-guide';
import { prepareIntegrator, type IntegratorSetup } from './testing/integrator';
import { startSmsPeer, type SmsPeer } from './testing/sms-peer';

const run = promisify(execFile);

let peer: SmsPeer;
let server: TestServer;
let baseUrl: string;
let setup: IntegratorSetup;

beforeAll(async () => {
  peer = await startSmsPeer();
  server = await startTestServer({
    sms: { ...smsConfigFromEnv({}), gatewayUrl: peer.gatewayUrl, accessKeyId: peer.accessKeyId, accessKeySecret: peer.accessKeySecret, pollMs: 20, backoffBaseMs: 20 },
  });
  setup = await prepareIntegrator(server);
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server.close();
  await peer.close();
});

interface Envelope {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

/** Runs one of the guide's shell examples as written, with the variables it names, and reads its answer. */
async function runExample(example: string, variables: Record<string, string>): Promise<Envelope> {
  // Asynchronously: this process is the server the example calls.
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', example], { env: { PATH: process.env.PATH, ...variables } });
  return JSON.parse(stdout) as Envelope;
}

describe('docs/integration.md', () => {
  it("runs the guide's curl examples in order: a system API key built through the API reads the published information, and a message key sends SMS and reads their state", async () => {
    const examples = guideExamples('sh');
    const byPath = (apiPath: string) => {
      const found = examples.filter((example) => example.includes(apiPath));
      expect(found, `one example calls ${apiPath}`).toHaveLength(1);
      return found[0]!;
    };
    // Every example is one of those below: a new example needs its check here.
    expect(examples).toHaveLength(4);
    const variables: Record<string, string> = {
      CONSOLE_URL: baseUrl,
      CONSOLE_TOKEN: setup.admin.token,
      CONSOLE_ROLE_ID: String(setup.admin.roleId),
      SYSTEM_CODE: String(setup.systemCode),
      APP_ID: setup.appId,
      CONSOLE_MESSAGE_KEY: setup.messageKey,
    };

    const built = await runExample(byPath('/api/sys/systemApiKey/save'), variables);
    expect(built).toMatchObject({ code: ResponseCode.Success, data: { systemCode: setup.systemCode, apiCode: setup.appId, status: 1 } });
    variables.CONSOLE_API_KEY = String(built.data!.apiKey);

    const articles = await runExample(byPath('/api/open/info/articles'), variables);
    expect(articles.code).toBe(ResponseCode.Success);
    expect((articles.data!.records as Array<{ title: string }>).map((article) => article.title)).toEqual(setup.articleTitles);

    const sent = await runExample(byPath('/api/open/message/sms"'), variables);
    expect(sent).toMatchObject({ code: ResponseCode.Success, data: { total: 2, duplicates: [] } });
    variables.BATCH_ID = String(sent.data!.batchId);

    const state = await runExample(byPath('/api/open/message/sms/$BATCH_ID'), variables);
    expect(state).toMatchObject({ code: ResponseCode.Success, data: { batchId: sent.data!.batchId, templateCode: setup.templateCode, signName: setup.signName, total: 2 } });
    expect((state.data!.numbers as Array<{ phone: string }>).map((number) => number.phone).sort()).toEqual(['13800138000', '13800138001']);

    // The answer depends on the key the example sends: a wrong one is refused.
    const refused = await runExample(byPath('/api/open/info/articles'), { ...variables, CONSOLE_API_KEY: 'not-a-key' });
    expect(refused).toMatchObject({ code: ResponseCode.Unauthorized, data: null });
  });
});
