import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const operationLogScreens = areaScreens({
  routes: [{ path: Route.behaviorDiary, load: () => import('./OperationLogList') }],
  texts: () => import('./text').then((module) => module.operationLogText),
});
