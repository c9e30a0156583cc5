import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const interfaceLogScreens = areaScreens({
  routes: [{ path: Route.interFace, load: () => import('./InterfaceLogList') }],
  texts: () => import('./text').then((module) => module.interfaceLogText),
});
