// The standalone server's entry (`npm run server`). On Linux it first starts itself again with the settings a
// process reads only at its start (start-settings.ts), before the server's modules load, so that nothing loads twice.
import { restartWithStartSettings } from './start-settings';

restartWithStartSettings();
await import('./cli-main');
