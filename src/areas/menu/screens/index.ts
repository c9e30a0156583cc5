import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const menuScreens = areaScreens({
  routes: [
    { path: Route.menu, load: () => import('./MenuList') },
    { path: Route.menuManage, permissionsOf: Route.menu, load: () => import('./MenuForm') },
  ],
  texts: () => import('./text').then((module) => module.menuText),
});
