// The browser host's entry (`npm run start:browser`; what it does: cli-main.ts). On Linux it first starts itself
// again with the settings a process reads only at its start, before the host's modules load (src/server/start-settings.ts).
import { restartWithStartSettings } from '../server/start-settings';

restartWithStartSettings();
await import('./cli-main');
