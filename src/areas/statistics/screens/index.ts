import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const statisticsScreens = areaScreens({
  routes: [{ path: Route.userStatistics, load: () => import('./UserStatistics') }],
  texts: () => import('./text').then((module) => module.statisticsText),
});
