import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../shared/codes';
import { startTestServer, type TestServer } from './testing/harness';
import { guideExamples } from './testing/integration-guide';
import { buildSystemApiKey, prepareIntegrator, type IntegratorSetup } from './testing/integrator';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

let server: TestServer;
let baseUrl: string;
let setup: IntegratorSetup;
let systemApiKey: string;
let documentText: string;

beforeAll(async () => {
  server = await startTestServer();
  setup = await prepareIntegrator(server);
  systemApiKey = await buildSystemApiKey(server, setup);
  // The document as an integrator fetches it, over HTTP from a listening server.
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  const answer = await fetch(`${baseUrl}/api/openapi.json`);
  expect(answer.status).toBe(200);
  documentText = await answer.text();
});
afterAll(async () => {
  await server.close();
});

describe('the published OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: documentText, absoluteRef: `${baseUrl}/api/openapi.json`, config });
    const errors = problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  // Generating a client of every operation and type-checking a program against it takes half a minute of a busy 2-core machine's CPU.
  it('generates a TypeScript client that a program reading published information compiles against and runs with', { timeout: 240_000 }, async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'console-openapi-client-'));
    try {
      // The generated client and programs live outside the repository; its packages are the ones an integrator installs.
      symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
      writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
      writeFileSync(path.join(folder, 'api.d.ts'), astToString(await openapiTS(documentText)));
      // The integration guide's program, which reads the published information.
      const [readPublished] = guideExamples('ts');
      expect(readPublished).toContain("client.GET('/api/open/info/articles'");
      writeFileSync(path.join(folder, 'read-published.ts'), readPublished!);
      // The same program reading a field the document does not have: the client's types must refuse it.
      writeFileSync(path.join(folder, 'misread.ts'), readPublished!.replace('article.title', 'article.heading'));
      const outDir = path.join(folder, 'out');
      mkdirSync(outDir);

      const program = ts.createProgram([path.join(folder, 'read-published.ts'), path.join(folder, 'misread.ts')], {
        strict: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        types: ['node'],
        typeRoots: [path.join(REPO_ROOT, 'node_modules/@types')],
        skipLibCheck: true,
        outDir,
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${path.basename(d.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
      expect(diagnostics.filter((d) => !d.startsWith('misread.ts'))).toEqual([]);
      expect(diagnostics.filter((d) => d.startsWith('misread.ts')).join('\n')).toContain("Property 'heading' does not exist");
      expect(program.emit().emitSkipped).toBe(false);

      // Run as its own process, as an integrator's program runs: this process keeps serving meanwhile.
      const { stdout } = await run(process.execPath, [path.join(outDir, 'read-published.js')], { env: { ...process.env, CONSOLE_URL: baseUrl, CONSOLE_API_KEY: systemApiKey } });
      expect(JSON.parse(stdout)).toEqual(setup.articleTitles);

      const refused = await run(process.execPath, [path.join(outDir, 'read-published.js')], { env: { ...process.env, CONSOLE_URL: baseUrl, CONSOLE_API_KEY: 'not-a-key' } }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused).toMatchObject({ code: 1 });
      // An unknown key is refused as a missing session is: code 401 in the envelope, which the program's types name.
      expect((refused as { stderr: string }).stderr.startsWith(`${ResponseCode.Unauthorized} `)).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
