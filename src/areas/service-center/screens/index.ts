import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const serviceCenterScreens = areaScreens({
  routes: [
    { path: Route.serviceCenter, load: () => import('./ServiceCenterList') },
    { path: Route.serviceCenterManage, permissionsOf: Route.serviceCenter, load: () => import('./ServiceCenterAssign') },
  ],
  texts: () => import('./text').then((module) => module.serviceCenterText),
});
