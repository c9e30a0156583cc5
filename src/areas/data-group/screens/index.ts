import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const dataGroupScreens = areaScreens({
  routes: [
    { path: Route.groupManage, load: () => import('./GroupList') },
    { path: Route.organManage, load: () => import('./OrganList') },
    { path: Route.classifyManage, load: () => import('./ClassificationList') },
  ],
  texts: () => import('./text').then((module) => module.dataGroupText),
});
