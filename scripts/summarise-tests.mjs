// Sums the JSON reports of vitest and Playwright into the closing line "tests: N passed, N failed".
// A report that is missing counts as a failure: a step that did not report ran no test.
import { existsSync, readFileSync } from 'node:fs';

const [vitestJson, keyringJson, playwrightJson, failedStepsArg] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

for (const file of [vitestJson, keyringJson]) {
  if (!file || !existsSync(file)) {
    missing.push(file);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
if (playwrightJson && existsSync(playwrightJson)) {
  const stats = JSON.parse(readFileSync(playwrightJson, 'utf8')).stats;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
} else {
  missing.push(playwrightJson);
}

if (missing.length > 0) console.log(`No report from: ${missing.join(', ')}`);
const failedSteps = Number(failedStepsArg ?? 0);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || missing.length > 0 || failedSteps > 0 ? 1 : 0);
