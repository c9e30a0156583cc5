/**
 * What the renderer build loads, and why: the chunk graph read from the emitted files (any build, also
 * `out/renderer`), and, when the build ran with `CONSOLE_BUNDLE_REPORT=<file>`, what each chunk is made of.
 *
 *   npx tsx scripts/bundle-report.ts [renderer dir]     (default: builds into a temporary folder)
 *
 * The sign-in route loads the entry script and its static imports (index.html's module preloads); a screen
 * loads its dynamic entry and its static imports that the entry did not already bring.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkNode {
  file: string;
  bytes: number;
  gzipBytes: number;
  /** Chunks this one imports statically: loaded before it runs. */
  imports: string[];
  /** Chunks this one imports with `import()`: loaded when the code asks. */
  dynamicImports: string[];
}

export interface ChunkGraph {
  dir: string;
  /** The chunk index.html starts. */
  entry: string;
  chunks: Map<string, ChunkNode>;
}

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;

/** The chunk graph of a built renderer folder (its `index.html` and `assets/*.js`). */
export function readChunkGraph(dir: string): ChunkGraph {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\.\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error(`${dir}/index.html starts no module script`);
  const chunks = new Map<string, ChunkNode>();
  for (const file of readdirSync(path.join(dir, 'assets')).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(path.join(dir, 'assets', file));
    const text = code.toString('utf8');
    // Static imports sit before the first statement that is not one; a dynamic import's string never matches `from"./x"`.
    const imports = [...new Set([...text.matchAll(STATIC_IMPORT)].map((match) => match[1]!))];
    const dynamicImports = [...new Set([...text.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]!))];
    chunks.set(file, { file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length, imports, dynamicImports });
  }
  if (!chunks.has(entry)) throw new Error(`${dir}/assets has no ${entry}`);
  return { dir, entry, chunks };
}

/** A chunk and everything it imports statically, transitively. */
export function staticClosure(graph: ChunkGraph, file: string): Set<string> {
  const seen = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...(graph.chunks.get(next)?.imports ?? []));
  }
  return seen;
}

/** The chunks the running app can load with `import()`: the screens, the catalogs of other languages, the map. */
export function lazyChunks(graph: ChunkGraph): Set<string> {
  const lazy = new Set<string>();
  for (const chunk of graph.chunks.values()) for (const target of chunk.dynamicImports) lazy.add(target);
  return lazy;
}

export function gzipTotal(graph: ChunkGraph, files: Iterable<string>): number {
  let total = 0;
  for (const file of files) total += graph.chunks.get(file)?.gzipBytes ?? 0;
  return total;
}

/** The chunk name a file was given (`MenuList-c1RAvdzq.js` → `MenuList`). */
export function chunkName(file: string): string {
  return file.replace(/-[\w-]{8}\.js$/, '');
}

interface ReportedChunk {
  file: string;
  /** Each module's code as rendered into the chunk, before minification. */
  modules: Array<{ id: string; bytes: number; code: string }>;
}

/**
 * A build plugin that writes, for each chunk, the modules in it and their minified size, to the file named by
 * CONSOLE_BUNDLE_REPORT (nothing when unset, so no report ships with the app).
 */
export function bundleReportPlugin() {
  return {
    name: 'console-bundle-report',
    generateBundle(_options: unknown, bundle: Record<string, { type: string; fileName: string; modules?: Record<string, { renderedLength: number; code: string | null }> }>) {
      const target = process.env.CONSOLE_BUNDLE_REPORT;
      if (!target) return;
      const chunks: ReportedChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.modules) continue;
        const modules = Object.entries(output.modules).map(([id, module]) => ({ id, bytes: module.renderedLength, code: module.code ?? '' }));
        chunks.push({ file: path.basename(output.fileName), modules: modules.filter((module) => module.bytes > 0).sort((a, b) => b.bytes - a.bytes) });
      }
      writeFileSync(target, JSON.stringify(chunks));
    },
  };
}

/** `node_modules/@fluentui/react-tabster/…` → `@fluentui/react-tabster`; the app's own files by their folder. */
function ownerOf(moduleId: string): string {
  const clean = moduleId.replace(/\?.*$/, '').replace(/^\0/, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (inPackage) return inPackage[1]!;
  const inSource = /\/src\/(.+)\/[^/]+$/.exec(clean);
  return inSource ? `src/${inSource[1]}` : clean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printReport(graph: ChunkGraph, composition: ReportedChunk[] | null): void {
  const signIn = staticClosure(graph, graph.entry);
  const lazy = lazyChunks(graph);
  console.log(`Sign-in route: ${signIn.size} scripts, ${kb(gzipTotal(graph, signIn))} gzipped`);
  for (const file of [...signIn].sort((a, b) => graph.chunks.get(b)!.gzipBytes - graph.chunks.get(a)!.gzipBytes)) {
    const chunk = graph.chunks.get(file)!;
    console.log(`  ${file.padEnd(48)} ${kb(chunk.bytes).padStart(10)} ${kb(chunk.gzipBytes).padStart(10)} gz`);
  }
  if (composition) {
    const byOwner = new Map<string, string[]>();
    for (const chunk of composition.filter((c) => signIn.has(c.file))) {
      for (const module of chunk.modules) byOwner.set(ownerOf(module.id), [...(byOwner.get(ownerOf(module.id)) ?? []), module.code]);
    }
    // Before minification; gzipped as one piece per owner, which is near its share of the gzipped scripts.
    const owners = [...byOwner].map(([owner, codes]) => ({ owner, bytes: codes.join('\n').length, gzipBytes: gzipSync(codes.join('\n'), { level: 9 }).length }));
    console.log('What the sign-in scripts hold (by package or source folder, before minification):');
    for (const { owner, bytes, gzipBytes } of owners.sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 30))
      console.log(`  ${owner.padEnd(48)} ${kb(bytes).padStart(10)} ${kb(gzipBytes).padStart(10)} gz`);
  }
  console.log('Loaded on demand (each with the static imports the sign-in route did not bring):');
  for (const file of [...lazy].sort()) {
    const own = [...staticClosure(graph, file)].filter((f) => !signIn.has(f));
    console.log(`  ${chunkName(file).padEnd(32)} ${String(own.length).padStart(3)} scripts ${kb(gzipTotal(graph, own)).padStart(10)} gz`);
  }
}

function main(): void {
  const given = process.argv[2];
  let dir = given ? path.resolve(given) : '';
  let composition: ReportedChunk[] | null = null;
  let temporary: string | null = null;
  if (!given) {
    temporary = mkdtempSync(path.join(os.tmpdir(), 'console-bundle-'));
    const reportFile = path.join(temporary, 'modules.json');
    const built = spawnSync('npx', ['electron-vite', 'build', '--outDir', path.join(temporary, 'out')], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CONSOLE_BUNDLE_REPORT: reportFile },
    });
    if (built.status !== 0) throw new Error('the renderer build failed');
    dir = path.join(temporary, 'out', 'renderer');
    if (existsSync(reportFile)) composition = JSON.parse(readFileSync(reportFile, 'utf8')) as ReportedChunk[];
  }
  try {
    printReport(readChunkGraph(dir), composition);
  } finally {
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
