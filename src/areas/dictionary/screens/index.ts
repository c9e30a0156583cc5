import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const dictionaryScreens = areaScreens({
  routes: [
    { path: Route.dictionary, load: () => import('./DictionaryList') },
    { path: Route.dicManage, permissionsOf: Route.dictionary, load: () => import('./DictionaryForm') },
  ],
  texts: () => import('./text').then((module) => module.dictionaryText),
});
