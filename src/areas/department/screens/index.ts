import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const departmentScreens = areaScreens({
  routes: [
    { path: Route.department, load: () => import('./DepartmentList') },
    { path: Route.depManage, permissionsOf: Route.department, load: () => import('./DepartmentForm') },
  ],
  texts: () => import('./text').then((module) => module.deptText),
});
