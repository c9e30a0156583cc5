import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const appCenterScreens = areaScreens({
  routes: [
    { path: Route.appCenter, load: () => import('./AppList') },
    { path: Route.centerMessage, permissionsOf: Route.appCenter, load: () => import('./AppForm') },
  ],
  texts: () => import('./text').then((module) => module.appCenterText),
});
