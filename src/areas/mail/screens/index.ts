import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const mailScreens = areaScreens({
  routes: [
    { path: Route.mailManage, load: () => import('./MailList') },
    { path: Route.addMail, permissionsOf: Route.mailManage, load: () => import('./MailCompose') },
    { path: Route.accountManage, load: () => import('./AccountList') },
    { path: Route.addMailAccount, permissionsOf: Route.accountManage, load: () => import('./AccountForm') },
  ],
  texts: () => import('./text').then((module) => module.mailText),
});
