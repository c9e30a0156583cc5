import { Route } from '../../../shared/routes';
import { areaScreens } from '../../../renderer/components/screen/area';

/** The area's screens and text, as the shell registers them (`src/renderer/app/areas.ts`). */
export const smsScreens = areaScreens({
  routes: [
    { path: Route.sendingSMS, load: () => import('./SendSms') },
    { path: Route.sendManage, load: () => import('./SendRecords') },
    { path: Route.templateManage, load: () => import('./TemplateList') },
    { path: Route.addTemplete, permissionsOf: Route.templateManage, load: () => import('./TemplateForm') },
    { path: Route.signatureManage, load: () => import('./SignatureList') },
    { path: Route.addSignMsg, permissionsOf: Route.signatureManage, load: () => import('./SignatureForm') },
    { path: Route.sendCenter, load: () => import('./SendCenter') },
  ],
  texts: () => import('./text').then((module) => module.smsText),
});
