// Sums the JSON reports of vitest and Playwright into the closing line "tests: N passed, N failed", and
// names what failed just above it: CI shows only the tail of the output, and a run can fail with every test
// passed (a failed hook fails its file; an unhandled error fails the run).
// A report that is missing counts as a failure: a step that did not report ran no test.
import { existsSync, readFileSync } from 'node:fs';

const [vitestJson, keyringJson, playwrightJson, failedStepsArg, ...vitestLogs] = process.argv.slice(2);
const MESSAGE_LINES = 12;
const UNHANDLED_LINES = 40;
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
const failures = [];
const flaky = [];

const stripAnsi = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');
const firstLines = (text, count) =>
  stripAnsi(text)
    .split('\n')
    .slice(0, count)
    .map((line) => `    ${line}`)
    .join('\n');

for (const file of [vitestJson, keyringJson]) {
  if (!file || !existsSync(file)) {
    missing.push(file);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const result of report.testResults ?? []) {
    for (const assertion of result.assertionResults ?? []) {
      if (assertion.status === 'failed') failures.push(`${result.name} › ${assertion.fullName}\n${firstLines((assertion.failureMessages ?? []).join('\n'), MESSAGE_LINES)}`);
    }
    const assertionFailed = (result.assertionResults ?? []).some((assertion) => assertion.status === 'failed');
    if (result.status === 'failed' && !assertionFailed)
      failures.push(`${result.name} (the file failed outside its tests)\n${firstLines(result.message || 'no message in the JSON report (a failed hook): see the failed suites below', MESSAGE_LINES)}`);
  }
}
if (playwrightJson && existsSync(playwrightJson)) {
  const report = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') flaky.push(`${spec.file}:${spec.line} › ${spec.title}\n${firstLines(test.results?.[0]?.error?.message ?? 'no message', MESSAGE_LINES)}`);
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message ?? 'no message';
        failures.push(`${spec.file}:${spec.line} › ${spec.title}\n${firstLines(error, MESSAGE_LINES)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  for (const error of report.errors ?? []) failures.push(`Playwright error outside a test\n${firstLines(error.message ?? String(error), MESSAGE_LINES)}`);
} else {
  missing.push(playwrightJson);
}

// A failed hook (a suite's failure) and an unhandled error are in no JSON report: vitest prints each in a
// section of its own.
const LOG_SECTIONS = [
  { pattern: /⎯ Failed Suites/, title: 'Failed suites (a hook failed) reported by vitest' },
  { pattern: /⎯ Unhandled (Errors|Rejection|Error)/, title: 'Unhandled errors reported by vitest' },
];
for (const log of vitestLogs) {
  if (!existsSync(log)) continue;
  const lines = stripAnsi(readFileSync(log, 'utf8')).split('\n');
  for (const section of LOG_SECTIONS) {
    const start = lines.findIndex((line) => section.pattern.test(line));
    if (start >= 0)
      failures.push(
        `${section.title} (${log.split('/').at(-1)})\n${lines
          .slice(start, start + UNHANDLED_LINES)
          .map((line) => `    ${line}`)
          .join('\n')}`,
      );
  }
}

if (flaky.length > 0) {
  console.log('\n=== passed only when run again (flaky: fix these)');
  for (const test of flaky) console.log(`- ${test}`);
}
if (failures.length > 0) {
  console.log('\n=== what failed');
  for (const failure of failures) console.log(`- ${failure}`);
}
if (missing.length > 0) console.log(`No report from: ${missing.join(', ')}`);
const failedSteps = Number(failedStepsArg ?? 0);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || missing.length > 0 || failedSteps > 0 ? 1 : 0);
