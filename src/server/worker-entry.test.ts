import { once } from 'node:events';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorker } from './worker-entry';

/** A worker that allocates short-lived objects until its young generation has grown, then reports its new space in MB. */
const NEW_SPACE_PROBE = new URL(
  `data:text/javascript,${encodeURIComponent(`
import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
let kept = [];
for (let i = 0; i < 3_000_000; i++) { kept.push({ i, text: 'row ' + i }); if (kept.length > 1000) kept = []; }
parentPort.postMessage(v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 1048576);
`)}`,
);

/** A worker that reports its new space in MB as soon as it starts. */
const NEW_SPACE_AT_START = new URL(
  `data:text/javascript,${encodeURIComponent(`
import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
parentPort.postMessage(v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 1048576);
`)}`,
);

async function newSpaceMb(worker: Worker): Promise<number> {
  const [mb] = (await once(worker, 'message')) as [number];
  await worker.terminate();
  return mb;
}

describe('startWorker', () => {
  afterEach(() => {
    v8.setFlagsFromString('--max-semi-space-size=0');
    v8.setFlagsFromString('--min-semi-space-size=0');
  });

  it("gives a worker the young generation it asks for, over the process's --max-semi-space-size", async () => {
    // What the server's command line sets for its own isolate (package.json), set here once the test's process runs.
    v8.setFlagsFromString('--max-semi-space-size=4');
    expect(await newSpaceMb(new Worker(NEW_SPACE_PROBE, { resourceLimits: { maxYoungGenerationSizeMb: 48 } }))).toBeLessThanOrEqual(8);
    expect(await newSpaceMb(startWorker(NEW_SPACE_PROBE, { mb: 48, fromStart: false }))).toBeGreaterThan(8);
    expect(await newSpaceMb(startWorker(NEW_SPACE_PROBE, { mb: 12, fromStart: false }))).toBeLessThanOrEqual(8);
  });

  it('gives a worker its whole young generation from its start when asked, and lets the next worker grow its own', async () => {
    v8.setFlagsFromString('--max-semi-space-size=4');
    expect(await newSpaceMb(startWorker(NEW_SPACE_AT_START, { mb: 48, fromStart: true }))).toBeGreaterThan(8);
    expect(await newSpaceMb(startWorker(NEW_SPACE_AT_START, { mb: 48, fromStart: false }))).toBeLessThanOrEqual(8);
  });
});
