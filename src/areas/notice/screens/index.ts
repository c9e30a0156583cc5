import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const noticeScreens = areaScreens({
  routes: [{ path: Route.sendNotice, load: () => import('./NoticeList') }],
  texts: () => import('./text').then((module) => module.noticeText),
});
