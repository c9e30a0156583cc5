import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const messageKeyScreens = areaScreens({
  routes: [
    { path: Route.apiKeyMessg, load: () => import('./MessageKeyList') },
    { path: Route.addApiKeyMessage, permissionsOf: Route.apiKeyMessg, load: () => import('./MessageKeyForm') },
    { path: Route.apiKeySystem, load: () => import('./MessageSystemList') },
    { path: Route.addApiKeySystem, permissionsOf: Route.apiKeySystem, load: () => import('./MessageSystemForm') },
  ],
  texts: () => import('./text').then((module) => module.messageKeyText),
});
