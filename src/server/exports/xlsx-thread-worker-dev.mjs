// The export writer's entry when the server runs from its TypeScript sources (tsx, vitest): a worker thread
// does not inherit the parent's loader, so it registers tsx before importing the worker's source. The builds
// bundle xlsx-thread-worker.ts as an entry of its own and never load this file.
import { register } from 'tsx/esm/api';

register();
await import('./xlsx-thread-worker.ts');
