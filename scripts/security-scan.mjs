// `npm run security:scan`: Electronegativity over src/ (and out/ when built). Fails on any HIGH or MEDIUM
// finding of FIRM or CERTAIN confidence, on a file of ours it could not parse, and on an `eng-disable`
// suppression that does not say why. The bundler drops comments, so a finding in out/ is matched through
// the source map to the source line, where its `eng-disable` (if any) applies. The full report is kept
// as JSON in a temp folder.
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBlocking, isThirdPartyBundle, lineDisablesCheck, originalLine, suppressionsWithoutReason, toFindings } from './security-scan-lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
// Electronegativity goes online twice (its translations, Electron's release list) through `got`; CI has no
// network, and on Node 24 got's retry after a timeout throws from a timer and ends the scan. The scan runs
// offline: its `got` answers at once that there is no network, and both callers carry on without.
const runnerPath = require.resolve('@doyensec/electronegativity/dist/runner.js');
const gotPath = createRequire(runnerPath).resolve('got');
const offline = () => Promise.reject(new Error('offline: the security scan makes no network calls'));
offline.head = offline;
require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: offline };
// The programmatic runner: the CLI's CSV writer appends rows and header concurrently and can garble the file.
const runElectronegativity = require(runnerPath);
// Without the real version Electronegativity assumes Electron 0.1.0 defaults (node integration on, …).
const electronVersion = require('electron/package.json').version;
const inputs = ['src', 'out'].filter((dir) => existsSync(join(root, dir)));

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(m?[jt]sx?|html)$/.test(name) ? [path] : [];
  });
}

function sourceMapOf(builtFile) {
  const mapFile = `${builtFile}.map`;
  return existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : null;
}

/** The source line a finding in a built file came from, when its source map says. */
function sourceOrigin(builtFile, line) {
  const map = sourceMapOf(builtFile);
  const origin = map && originalLine(map, line);
  if (!origin) return null;
  const sourceFile = resolve(dirname(builtFile), map.sourceRoot ?? '', origin.source);
  if (!existsSync(sourceFile)) return null;
  return { file: sourceFile, line: origin.line, text: readFileSync(sourceFile, 'utf8').split(/\r?\n/)[origin.line - 1] ?? '' };
}

/**
 * Why a built file Electronegativity could not parse may be left unscanned, or null when it may not:
 * a chunk of bundled packages only (their sources are in node_modules, not ours), or the renderer's
 * bundle, which runs sandboxed without Node or Electron APIs and whose own sources are scanned in
 * src/renderer. Main-process and preload code of ours must always be readable.
 */
function unreadableExcuse(builtFile) {
  const map = sourceMapOf(builtFile);
  if (map && isThirdPartyBundle(map)) return 'third-party packages only';
  if (relative(join(root, 'out', 'renderer'), builtFile).split(/[\\/]/)[0] !== '..') return 'renderer bundle; its sources are scanned in src/renderer';
  return null;
}

const reportDir = mkdtempSync(join(tmpdir(), 'electronegativity-'));
let failed = false;
for (const input of inputs) {
  const result = await runElectronegativity(
    { input: join(root, input), isRelative: true, isVerbose: false, customScan: [], excludeFromScan: [], parserPlugins: [], electronVersionOverride: electronVersion },
    false,
  );
  writeFileSync(join(reportDir, `${input}.json`), JSON.stringify(result, null, 2));
  const findings = toFindings(result.issues).map((finding) => {
    if (input !== 'out' || finding.file === 'N/A') return { ...finding, suppressedAt: null };
    const origin = sourceOrigin(join(root, input, finding.file), Number(finding.location.split(':')[0]));
    const suppressed = origin && lineDisablesCheck(origin.text, finding.issue);
    return { ...finding, suppressedAt: suppressed ? `${relative(root, origin.file)}:${origin.line}` : null };
  });
  const blocking = findings.filter((f) => isBlocking(f) && !f.suppressedAt);
  const unreadable = result.errors.filter((error) => !error.tolerable).map((error) => ({ ...error, excuse: unreadableExcuse(error.file) }));
  const unreadableOwn = unreadable.filter((error) => error.excuse === null);
  console.log(`${input}/: ${findings.length} finding(s), ${blocking.length} blocking, ${unreadableOwn.length} unreadable file(s) of ours`);
  for (const f of findings) {
    const status = f.suppressedAt ? 'suppressed' : isBlocking(f) ? 'BLOCKING' : 'note';
    const where = f.suppressedAt ? ` (eng-disable at ${f.suppressedAt})` : '';
    console.log(`  ${status.padEnd(10)} ${f.severity}/${f.confidence} ${f.issue} ${input}/${f.file}:${f.location}${where} ${f.description}`);
  }
  for (const error of unreadable) {
    console.log(`  ${error.excuse ? 'note      ' : 'BLOCKING  '} could not parse ${relative(root, error.file)}${error.excuse ? ` (${error.excuse})` : ''}: ${error.message}`);
  }
  if (blocking.length > 0 || unreadableOwn.length > 0) failed = true;
}

for (const file of sourceFiles(join(root, 'src'))) {
  for (const { line, text } of suppressionsWithoutReason(readFileSync(file, 'utf8'))) {
    console.log(`  BLOCKING eng-disable without a reason (write "-- why" after the rule ids) ${relative(root, file)}:${line} ${text}`);
    failed = true;
  }
}

console.log(`report: ${reportDir}`);
console.log(failed ? 'security scan: FAILED' : 'security scan: passed');
process.exit(failed ? 1 : 0);
