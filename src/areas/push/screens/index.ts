import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const pushScreens = areaScreens({
  routes: [
    { path: Route.polarLight, load: () => import('./PushProviders') },
    { path: Route.newPolar, permissionsOf: Route.polarLight, load: () => import('./ProviderForm') },
  ],
  texts: () => import('./text').then((module) => module.pushText),
});
