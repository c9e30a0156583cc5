import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const resourceScreens = areaScreens({
  routes: [{ path: Route.resource, load: () => import('./ResourceAssign') }],
  texts: () => import('./text').then((module) => module.resourceText),
});
