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

async function newSpaceMb(worker: Worker): Promise<number> {
  const [mb] = (await once(worker, 'message')) as [number];
  await worker.terminate();
  return mb;
}

describe('startWorker', () => {
  afterEach(() => v8.setFlagsFromString('--max-semi-space-size=0'));

  it("gives a worker the young generation it asks for, over the process's --max-semi-space-size", async () => {
    // What the server's command line sets for its own isolate (package.json), set here once the test's process runs.
    v8.setFlagsFromString('--max-semi-space-size=4');
    expect(await newSpaceMb(new Worker(NEW_SPACE_PROBE, { resourceLimits: { maxYoungGenerationSizeMb: 48 } }))).toBeLessThanOrEqual(8);
    expect(await newSpaceMb(startWorker(NEW_SPACE_PROBE, 48))).toBeGreaterThan(8);
    expect(await newSpaceMb(startWorker(NEW_SPACE_PROBE, 12))).toBeLessThanOrEqual(8);
  });
});
