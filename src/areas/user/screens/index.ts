import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const userScreens = areaScreens({
  routes: [
    { path: Route.user, load: () => import('./UserList') },
    { path: Route.userManage, permissionsOf: Route.user, load: () => import('./UserForm') },
  ],
  texts: () => import('./text').then((module) => module.userText),
});
