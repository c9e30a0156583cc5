import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const informationScreens = areaScreens({
  routes: [
    { path: Route.information, load: () => import('./InformationList') },
    { path: Route.addInforMation, permissionsOf: Route.information, load: () => import('./InformationForm') },
  ],
  texts: () => import('./text').then((module) => module.informationText),
});
