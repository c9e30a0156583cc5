// The PGlite worker's entry when the server runs from its TypeScript sources (tsx, vitest): a worker thread
// does not inherit the parent's loader, so it registers tsx before importing the worker's source. The Electron
// builds bundle pglite-thread-worker.ts as an entry of its own and never loads this file.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread-worker.ts');
