import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const systemApiKeyScreens = areaScreens({
  routes: [{ path: Route.appSystem, load: () => import('./ApiKeyList') }],
  texts: () => import('./text').then((module) => module.systemApiKeyText),
});
