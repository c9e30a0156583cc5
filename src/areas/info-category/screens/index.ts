import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const infoCategoryScreens = areaScreens({
  routes: [
    { path: Route.inforTypeManage, load: () => import('./CategoryList') },
    { path: Route.addManage, permissionsOf: Route.inforTypeManage, load: () => import('./CategoryForm') },
  ],
  texts: () => import('./text').then((module) => module.infoCategoryText),
});

/** What the information screens share with the categories': the systems' choices and the reload after a change. */
export { invalidateCategoryQueries, useInfoSystems } from './queries';
