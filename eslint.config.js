import tseslint from 'typescript-eslint';

const serverStandsAlone = { group: ['**/main/**', '**/renderer/**', '**/browser-host/**', '**/preload/**', 'electron'], message: 'The server stands alone: it imports only src/shared.' };
const exceljsInParts = { name: 'exceljs', allowTypeImports: true, message: 'Import the streaming part the server uses (exceljs/lib/stream/xlsx/…, see exceljs-parts.d.ts), not the whole library.' };
// The workbook writer loads exceljs's streaming writer: the server's thread imports it only when it writes an export
// itself (`import()` in xlsx.ts), so a server that never does spares its memory . Pages are in sheet-page.ts.
const writerLoadedOnUse = {
  group: ['**/xlsx-writer'],
  allowTypeImports: true,
  message: 'xlsx-writer loads exceljs: import it with import() where a workbook is written, or take pages and cells from sheet-page.ts.',
};
const outsideRenderer = ['**/main/**', '**/server/**', '**/browser-host/**', '**/preload/**', 'electron', 'node:*', 'keytar', 'ky'];

// The walls between the areas (src/areas/<area>/{contract.ts,server,screens}), the kernels and the kit, in the spirit of
// VS Code's layering rule: each face of an area imports only the layers below it, and an area reaches another only
// through that area's contract or its public index.ts.
const rendererMessage = 'The renderer reaches the main process only through the bridge (src/shared/bridge.ts).';
const publicIndexesAllowed = {
  regex: String.raw`^\.\./\.\./[\w-]+/(screens|server)/.+`,
  message: "An area reaches another only through that area's contract or its public index.ts (../../<area>/screens or ../../<area>/server).",
};
const screensOutsideTheShell = {
  regex: String.raw`^(\.\./)+renderer/app(/|$)`,
  message: "A screen never imports the shell (src/renderer/app): what it needs of the shell is the kit's screen API (components/screen).",
};
const screensOwnServer = { regex: String.raw`^\.\./server(/|$)`, message: "An area's screens reach its server only through the bridge." };
const kitOutsideTheShell = {
  regex: String.raw`^(\.\./)+app(/|$)`,
  message: 'The kit (components, hooks, i18n, bridge, lib) never imports the shell (src/renderer/app): the shell provides through context.',
};
const kitOutsideScreens = { regex: String.raw`^(\.\./)+areas/[\w-]+/(screens|server)(/|$)`, message: "The kit never imports an area's screens or server; an area's contract is its public face." };
const kernelOutsideAreas = {
  regex: String.raw`^(\.\./)+areas/[\w-]+/(screens|server)(/|$)`,
  message: "The server kernel reaches the areas only through the handler registry (src/server/registry.ts); an area's contract is its public face.",
};
const contractImportsShared = {
  regex: String.raw`^\.(?!\./\.\./shared/|\./[\w-]+/contract$|/(contract|catalogue)$)`,
  message: "An area's contract (and its catalogue) imports only src/shared, other areas' contracts and its own catalogue: it is shared by every process.",
};
const sharedImportsContracts = {
  regex: String.raw`^(\.\./)+areas/[\w-]+/(?!(contract|catalogue)$)`,
  message: 'src/shared reaches an area only through its contract or its catalogue (the registries src/shared/contract/index.ts and src/shared/area-catalogues.ts).',
};

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'src/server/db/migrations/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'resources/**', 'coverage/**'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The renderer reaches the main process only through the typed bridge (design.md §2).
    files: ['src/renderer/**', 'src/areas/*/screens/**'],
    ignores: ['src/renderer/**/*.test.{ts,tsx}', 'src/areas/*/screens/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: outsideRenderer, message: rendererMessage }] }],
    },
  },
  {
    files: ['src/renderer/**/*.test.{ts,tsx}', 'src/areas/*/screens/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: outsideRenderer.filter((p) => p !== 'node:*'), message: 'Renderer tests exercise the renderer, not the other processes.' }] }],
    },
  },
  {
    // An area's screens: shared, the kit and contracts; never the shell, never another area's internals.
    files: ['src/areas/*/screens/**'],
    ignores: ['src/areas/*/screens/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: outsideRenderer, message: rendererMessage }, screensOutsideTheShell, screensOwnServer, publicIndexesAllowed] }],
    },
  },
  {
    files: ['src/areas/*/screens/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: outsideRenderer.filter((p) => p !== 'node:*'), message: 'Renderer tests exercise the renderer, not the other processes.' },
            screensOutsideTheShell,
            screensOwnServer,
            publicIndexesAllowed,
          ],
        },
      ],
    },
  },
  {
    // The kit never imports the shell or an area's screens.
    files: ['src/renderer/{components,hooks,i18n,bridge,lib}/**'],
    ignores: ['src/renderer/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: outsideRenderer, message: rendererMessage }, kitOutsideTheShell, kitOutsideScreens] }],
    },
  },
  {
    files: ['src/renderer/{components,hooks,i18n,bridge,lib}/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: outsideRenderer.filter((p) => p !== 'node:*'), message: 'Renderer tests exercise the renderer, not the other processes.' }, kitOutsideTheShell, kitOutsideScreens] },
      ],
    },
  },
  {
    // The contract is shared by every process, so it depends on none of them.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '**/server/**', '**/renderer/**', '**/browser-host/**', '**/preload/**', 'electron', 'node:*'],
              message: 'src/shared is used by every process and imports none of them.',
            },
            sharedImportsContracts,
          ],
        },
      ],
    },
  },
  {
    // An area's contract is shared by every process too: src/shared and other areas' contracts only.
    files: ['src/areas/*/contract.ts', 'src/areas/*/contract.test.ts', 'src/areas/*/catalogue.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['electron', 'node:*'], message: 'src/shared is used by every process and imports none of them.' }, contractImportsShared] }],
    },
  },
  {
    files: ['src/server/**', 'src/areas/*/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverStandsAlone] }],
    },
  },
  {
    files: ['src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverStandsAlone, kernelOutsideAreas] }],
    },
  },
  {
    files: ['src/areas/*/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverStandsAlone, publicIndexesAllowed, { regex: String.raw`^\.\./screens(/|$)`, message: "An area's server never imports its screens." }] }],
    },
  },
  {
    // exceljs's package entry loads its whole library (27 MB in a process of its own, issue 11); the server loads
    // the streaming part it uses from that part's own file, when it first uses it. Tests read workbooks back.
    files: ['src/server/**'],
    ignores: ['src/server/**/*.test.ts', 'src/server/registry.ts', 'src/server/db/tables.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [serverStandsAlone, writerLoadedOnUse, kernelOutsideAreas],
          paths: [exceljsInParts],
        },
      ],
    },
  },
  {
    // The table registry (drizzle-kit reads it): every area's tables, and nothing else of an area.
    files: ['src/server/db/tables.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+areas/[\w-]+/(?!server/schema$)`,
              message: "The table registry takes only each area's tables (areas/<area>/server/schema.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // An area's server: shared, the server kernel and contracts; another area only through its public index.ts.
    files: ['src/areas/*/server/**'],
    ignores: ['src/areas/*/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [serverStandsAlone, writerLoadedOnUse, publicIndexesAllowed, { regex: String.raw`^\.\./screens(/|$)`, message: "An area's server never imports its screens." }],
          paths: [exceljsInParts],
        },
      ],
    },
  },
  {
    // The writer thread's entry writes every workbook it is given: it loads the writer at its start.
    files: ['src/server/exports/xlsx-thread-worker.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverStandsAlone], paths: [exceljsInParts] }],
    },
  },
  {
    // The main-process core is plain Node (tests and the browser host run it): Electron stays in src/main/electron.
    files: ['src/main/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', 'electron-store'].map((name) => ({ name, message: 'src/main/core is plain Node: Electron belongs in src/main/electron.' })),
          patterns: [{ group: ['electron/*', '**/electron', '**/electron/**'], message: 'src/main/core is plain Node: Electron belongs in src/main/electron.' }],
        },
      ],
    },
  },
  {
    // The preload exposes the typed bridge and nothing else (design.md §2): the bridge module, its own files, and
    // electron's contextBridge and ipcRenderer.
    files: ['src/preload/**'],
    ignores: ['src/preload/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', allowImportNames: ['contextBridge', 'ipcRenderer', 'IpcRendererEvent'], message: 'The preload uses only contextBridge and ipcRenderer of electron.' }],
          patterns: [{ regex: '^(?!electron$|\\.\\./shared/bridge$|\\./[\\w-]+$)', message: 'The preload imports only the bridge (src/shared/bridge.ts), its own files and electron.' }],
        },
      ],
    },
  },
  {
    // The browser host runs the core in plain Node, without Electron.
    files: ['src/browser-host/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The browser host runs without Electron.' }],
          patterns: [{ group: ['electron/*', '**/main/electron', '**/main/electron/**'], message: 'The browser host runs without Electron: nothing from src/main/electron.' }],
        },
      ],
    },
  },
);
