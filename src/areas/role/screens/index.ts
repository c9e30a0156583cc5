import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const roleScreens = areaScreens({
  routes: [
    { path: Route.role, load: () => import('./RoleList') },
    { path: Route.roleManage, permissionsOf: Route.role, load: () => import('./RoleForm') },
  ],
  texts: () => import('./text').then((module) => module.roleText),
});
