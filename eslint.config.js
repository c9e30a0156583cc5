import tseslint from 'typescript-eslint';

const serverStandsAlone = { group: ['**/main/**', '**/renderer/**', '**/browser-host/**', '**/preload/**', 'electron'], message: 'The server stands alone: it imports only src/shared.' };
const exceljsInParts = { name: 'exceljs', allowTypeImports: true, message: 'Import the streaming part the server uses (exceljs/lib/stream/xlsx/…, see exceljs-parts.d.ts), not the whole library.' };
// The workbook writer loads exceljs's streaming writer: the server's thread imports it only when it writes an export
// itself (`import()` in xlsx.ts), so a server that never does spares its memory (issue 11). Pages are in sheet-page.ts.
const writerLoadedOnUse = {
  group: ['**/xlsx-writer'],
  allowTypeImports: true,
  message: 'xlsx-writer loads exceljs: import it with import() where a workbook is written, or take pages and cells from sheet-page.ts.',
};
const outsideRenderer = ['**/main/**', '**/server/**', '**/browser-host/**', '**/preload/**', 'electron', 'node:*', 'keytar', 'ky'];

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
    files: ['src/renderer/**'],
    ignores: ['src/renderer/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: outsideRenderer, message: 'The renderer reaches the main process only through the bridge (src/shared/bridge.ts).' }] }],
    },
  },
  {
    files: ['src/renderer/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: outsideRenderer.filter((p) => p !== 'node:*'), message: 'Renderer tests exercise the renderer, not the other processes.' }] }],
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
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverStandsAlone] }],
    },
  },
  {
    // exceljs's package entry loads its whole library (27 MB in a process of its own, issue 11); the server loads
    // the streaming part it uses from that part's own file, when it first uses it. Tests read workbooks back.
    files: ['src/server/**'],
    ignores: ['src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [serverStandsAlone, writerLoadedOnUse],
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
