import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { Route, type RoutePath } from '../../shared/routes';

/**
 * THE table screens plug into: every screen route of spec 000 §2 and 001 §2, with the screen that renders it
 * (`load: () => import('../features/<area>/<Screen>')`, loaded when its tab first opens).
 *
 * A screen renders inside its tab under its own router location, so `useParams()`, `useSearchParams()`
 * and `useNavigate()` work as usual; its title comes from the menu (server-translated) or, for screens no
 * menu names (forms), from `route.<pattern>` in the i18n catalogs.
 */
export interface FeatureRoute {
  path: RoutePath;
  /** A form screen uses the button permissions of its list screen's menu. */
  permissionsOf?: RoutePath;
  /** Loads the screen's component (its default export). */
  load: () => Promise<{ default: ComponentType }>;
}

export const FEATURE_ROUTES: readonly FeatureRoute[] = [
  { path: Route.menu, load: () => import('../../areas/menu/screens/MenuList') },
  { path: Route.menuManage, permissionsOf: Route.menu, load: () => import('../../areas/menu/screens/MenuForm') },
  { path: Route.user, load: () => import('../../areas/user/screens/UserList') },
  { path: Route.userManage, permissionsOf: Route.user, load: () => import('../../areas/user/screens/UserForm') },
  { path: Route.serviceCenter, load: () => import('../../areas/service-center/screens/ServiceCenterList') },
  { path: Route.serviceCenterManage, permissionsOf: Route.serviceCenter, load: () => import('../../areas/service-center/screens/ServiceCenterAssign') },

  { path: Route.department, load: () => import('../../areas/department/screens/DepartmentList') },
  { path: Route.depManage, permissionsOf: Route.department, load: () => import('../../areas/department/screens/DepartmentForm') },
  { path: Route.role, load: () => import('../../areas/role/screens/RoleList') },
  { path: Route.roleManage, permissionsOf: Route.role, load: () => import('../../areas/role/screens/RoleForm') },
  { path: Route.resource, load: () => import('../../areas/resource/screens/ResourceAssign') },
  { path: Route.dictionary, load: () => import('../../areas/dictionary/screens/DictionaryList') },
  { path: Route.dicManage, permissionsOf: Route.dictionary, load: () => import('../../areas/dictionary/screens/DictionaryForm') },
  { path: Route.appCenter, load: () => import('../../areas/app-center/screens/AppList') },
  { path: Route.centerMessage, permissionsOf: Route.appCenter, load: () => import('../../areas/app-center/screens/AppForm') },
  { path: Route.inforTypeManage, load: () => import('../../areas/info-category/screens/CategoryList') },
  { path: Route.addManage, permissionsOf: Route.inforTypeManage, load: () => import('../../areas/info-category/screens/CategoryForm') },
  { path: Route.information, load: () => import('../../areas/information/screens/InformationList') },
  { path: Route.addInforMation, permissionsOf: Route.information, load: () => import('../../areas/information/screens/InformationForm') },
  { path: Route.internationalize, load: () => import('../../areas/internationalize/screens/I18nTextList') },
  { path: Route.appSystem, load: () => import('../../areas/system-api-key/screens/ApiKeyList') },
  { path: Route.behaviorDiary, load: () => import('../../areas/operation-log/screens/OperationLogList') },
  { path: Route.userStatistics, load: () => import('../../areas/statistics/screens/UserStatistics') },
  { path: Route.interFace, load: () => import('../../areas/interface-log/screens/InterfaceLogList') },

  { path: Route.sendingSMS, load: () => import('../../areas/sms/screens/SendSms') },
  { path: Route.sendManage, load: () => import('../../areas/sms/screens/SendRecords') },
  { path: Route.templateManage, load: () => import('../../areas/sms/screens/TemplateList') },
  { path: Route.addTemplete, permissionsOf: Route.templateManage, load: () => import('../../areas/sms/screens/TemplateForm') },
  { path: Route.signatureManage, load: () => import('../../areas/sms/screens/SignatureList') },
  { path: Route.addSignMsg, permissionsOf: Route.signatureManage, load: () => import('../../areas/sms/screens/SignatureForm') },
  { path: Route.sendCenter, load: () => import('../../areas/sms/screens/SendCenter') },
  { path: Route.sendNotice, load: () => import('../../areas/notice/screens/NoticeList') },
  { path: Route.mailManage, load: () => import('../../areas/mail/screens/MailList') },
  { path: Route.addMail, permissionsOf: Route.mailManage, load: () => import('../../areas/mail/screens/MailCompose') },
  { path: Route.accountManage, load: () => import('../../areas/mail/screens/AccountList') },
  { path: Route.addMailAccount, permissionsOf: Route.accountManage, load: () => import('../../areas/mail/screens/AccountForm') },
  { path: Route.apiKeyMessg, load: () => import('../../areas/message-key/screens/MessageKeyList') },
  { path: Route.addApiKeyMessage, permissionsOf: Route.apiKeyMessg, load: () => import('../../areas/message-key/screens/MessageKeyForm') },
  { path: Route.apiKeySystem, load: () => import('../../areas/message-key/screens/MessageSystemList') },
  { path: Route.addApiKeySystem, permissionsOf: Route.apiKeySystem, load: () => import('../../areas/message-key/screens/MessageSystemForm') },
  { path: Route.polarLight, load: () => import('../../areas/push/screens/PushProviders') },
  { path: Route.newPolar, permissionsOf: Route.polarLight, load: () => import('../../areas/push/screens/ProviderForm') },
  { path: Route.groupManage, load: () => import('../../areas/data-group/screens/GroupList') },
  { path: Route.organManage, load: () => import('../../areas/data-group/screens/OrganList') },
  { path: Route.classifyManage, load: () => import('../../areas/data-group/screens/ClassificationList') },
];

/** Screens of the shell itself, shown in a tab like a feature. */
export const SHELL_SCREENS = [Route.externalAddress, Route.inNotFound] as const;

export type ScreenMatch = { kind: 'home' } | { kind: 'feature'; route: FeatureRoute } | { kind: 'external' } | { kind: 'notFound' };

/** What the Home shell shows for a pathname, or null when the path is no screen of it (the full-page 404). */
export function matchScreen(pathname: string): ScreenMatch | null {
  if (matchPath(Route.home, pathname)) return { kind: 'home' };
  if (matchPath(Route.externalAddress, pathname)) return { kind: 'external' };
  if (matchPath(Route.inNotFound, pathname)) return { kind: 'notFound' };
  const route = FEATURE_ROUTES.find((feature) => matchPath(feature.path, pathname));
  return route ? { kind: 'feature', route } : null;
}
