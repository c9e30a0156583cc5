import tseslint from 'typescript-eslint';

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
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/main/**', '**/server/**', '**/renderer/**', '**/browser-host/**', '**/preload/**', 'electron', 'node:*'], message: 'src/shared is used by every process and imports none of them.' }] }],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/main/**', '**/renderer/**', '**/browser-host/**', '**/preload/**', 'electron'], message: 'The server stands alone: it imports only src/shared.' }] }],
    },
  },
);
