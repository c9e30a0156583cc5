import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chunkName, lazyChunks, readChunkGraph, staticClosure, type ChunkGraph } from '../../scripts/bundle-report';
import { MENU_CATALOG } from '../../src/shared/menu-catalog';
import { Route } from '../../src/shared/routes';
import { RENDERER_DIR } from './global-setup';
import { hostForSpecFile, openAt, openConsole, signInAdmin, startHost, tabPane } from './host';

/**
 * Issue 16: the sign-in page loads no screen and no Home shell, and opening a screen requests only that
 * screen's own chunks, never another screen's. Counted from the page's script requests against the chunk graph
 * of the built renderer under test; no timing is measured.
 */
test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHost);
const graph: ChunkGraph = readChunkGraph(RENDERER_DIR);
const lazy = lazyChunks(graph);
const atStart = staticClosure(graph, graph.entry);

/** Each screen route with its component's module name, as the areas' `screens/index.ts` load them. */
function screenModules(): Array<{ path: string; module: string }> {
  const areas = path.resolve('src/areas');
  return readdirSync(areas).flatMap((area) => {
    const source = readFileSync(path.join(areas, area, 'screens/index.ts'), 'utf8');
    const rows = [...source.matchAll(/path: Route\.(\w+),[^}]*?load: \(\) => import\('\.\/(\w+)'\)/g)];
    return rows.map((row) => ({ path: Route[row[1] as keyof typeof Route], module: row[2]! }));
  });
}

const screens = screenModules();
/** A module's chunk: the lazily loaded chunk named after it. */
const chunkOf = (module: string) => [...lazy].find((file) => chunkName(file) === module);
const screenChunks = new Set(screens.map((screen) => chunkOf(screen.module)));

/** What a chunk may bring when it runs: its static imports, and what they load lazily beyond the page's start. */
function reachable(file: string): Set<string> {
  const seen = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const chunk = graph.chunks.get(next)!;
    pending.push(...chunk.imports);
    if (!atStart.has(next)) pending.push(...chunk.dynamicImports);
  }
  return seen;
}

/** The script files the page requests from now on (by file name), and how many are still on their way. */
function watchScripts(page: Page): { files: string[]; pending: () => number; stop: () => void } {
  const files: string[] = [];
  let inFlight = 0;
  const onRequest = (request: import('@playwright/test').Request) => {
    if (request.resourceType() !== 'script') return;
    files.push(path.basename(new URL(request.url()).pathname));
    inFlight++;
    void request.response().then(async (response) => {
      await response?.finished();
      inFlight--;
    });
  };
  page.on('request', onRequest);
  return { files, pending: () => inFlight, stop: () => page.off('request', onRequest) };
}

test('the build: every screen is its own chunk, and no screen brings another screen with it', () => {
  expect(screens.length).toBeGreaterThan(20);
  for (const screen of screens) {
    const own = chunkOf(screen.module);
    expect(own, `${screen.module} has its own chunk`).toBeDefined();
    const others = [...reachable(own!)].filter((file) => file !== own && screenChunks.has(file)).map(chunkName);
    expect(others, `${screen.module} brings no other screen`).toEqual([]);
  }
  expect([...atStart].filter((file) => lazy.has(file)).map(chunkName), 'the start loads nothing that is loaded on demand').toEqual([]);
});

test('the sign-in page loads its start scripts and the shown language, no screen and no Home shell', async ({ page }) => {
  const scripts = watchScripts(page);
  await openConsole(page, host);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect.poll(scripts.pending).toBe(0);
  scripts.stop();
  const onDemand = scripts.files.filter((file) => lazy.has(file)).map(chunkName);
  // The zh_CN catalog, its dayjs locale and the shared form-rule messages in zh_CN; nothing else on demand.
  expect(onDemand.sort()).toEqual(['messages-zh_CN', 'zh-cn', 'zh_CN']);
  expect(scripts.files.filter((file) => !lazy.has(file) && !atStart.has(file))).toEqual([]);
  expect(new Set(scripts.files.filter((file) => atStart.has(file)))).toEqual(atStart);
});

test("the shell loads the screens' chunks while idle after sign-in; opening a screen then requests no other screen's", async ({ page }) => {
  test.setTimeout(240_000);
  const listScreens = screens.filter((screen) => !screen.path.includes(':'));
  expect(listScreens.length).toBeGreaterThan(10);
  const preloaded = watchScripts(page);
  await signInAdmin(page, host);
  // Every screen a menu of the administrator's system opens: its chunk comes without opening it.
  const menuUrls = new Set(MENU_CATALOG[0]!.groups.flatMap((group) => group.pages.map((menuPage) => menuPage.url)));
  const menuScreens = listScreens.filter((screen) => menuUrls.has(screen.path));
  expect(menuScreens.length).toBeGreaterThan(10);
  await expect.poll(() => menuScreens.filter((screen) => !preloaded.files.includes(chunkOf(screen.module)!)).map((screen) => screen.module), { timeout: 120_000 }).toEqual([]);
  await expect.poll(preloaded.pending).toBe(0);
  preloaded.stop();
  // A screen may load a part of its own late (the map after its data): what earlier screens reach stays allowed.
  const allowed = new Set<string>(preloaded.files);
  for (const screen of listScreens) {
    const own = chunkOf(screen.module)!;
    const scripts = watchScripts(page);
    await openAt(page, host, screen.path);
    const pane = tabPane(page, screen.path);
    await expect(pane).toBeVisible();
    // Loaded when the pane shows the screen and not a spinner, and no script is still on its way.
    await expect(pane.locator('[role="status"]')).toHaveCount(0);
    await expect(pane.locator('*').first()).toBeVisible();
    await expect.poll(scripts.pending).toBe(0);
    scripts.stop();
    for (const file of reachable(own)) allowed.add(file);
    expect(
      scripts.files.filter((file) => !allowed.has(file)),
      `${screen.module} requests nothing beyond its own chunks`,
    ).toEqual([]);
    expect(scripts.files.filter((file) => file !== own && screenChunks.has(file)).map(chunkName), `${screen.module} requests no other screen`).toEqual([]);
  }
});
