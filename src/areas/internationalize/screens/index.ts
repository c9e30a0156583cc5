import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const internationalizeScreens = areaScreens({
  routes: [{ path: Route.internationalize, load: () => import('./I18nTextList') }],
  texts: () => import('./text').then((module) => module.internationalizeText),
});
