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
  { path: Route.menu, load: () => import('../features/menu/MenuList') },
  { path: Route.menuManage, permissionsOf: Route.menu, load: () => import('../features/menu/MenuForm') },
  { path: Route.user, load: () => import('../features/user/UserList') },
  { path: Route.userManage, permissionsOf: Route.user, load: () => import('../features/user/UserForm') },
  { path: Route.serviceCenter, load: () => import('../features/service-center/ServiceCenterList') },
  { path: Route.serviceCenterManage, permissionsOf: Route.serviceCenter, load: () => import('../features/service-center/ServiceCenterAssign') },

  { path: Route.department, load: () => import('../features/department/DepartmentList') },
  { path: Route.depManage, permissionsOf: Route.department, load: () => import('../features/department/DepartmentForm') },
  { path: Route.role, load: () => import('../features/role/RoleList') },
  { path: Route.roleManage, permissionsOf: Route.role, load: () => import('../features/role/RoleForm') },
  { path: Route.resource, load: () => import('../features/resource/ResourceAssign') },
  { path: Route.dictionary, load: () => import('../features/dictionary/DictionaryList') },
  { path: Route.dicManage, permissionsOf: Route.dictionary, load: () => import('../features/dictionary/DictionaryForm') },
  { path: Route.appCenter, load: () => import('../features/app-center/AppList') },
  { path: Route.centerMessage, permissionsOf: Route.appCenter, load: () => import('../features/app-center/AppForm') },
  { path: Route.inforTypeManage, load: () => import('../features/info-category/CategoryList') },
  { path: Route.addManage, permissionsOf: Route.inforTypeManage, load: () => import('../features/info-category/CategoryForm') },
  { path: Route.information, load: () => import('../features/information/InformationList') },
  { path: Route.addInforMation, permissionsOf: Route.information, load: () => import('../features/information/InformationForm') },
  { path: Route.internationalize, load: () => import('../features/internationalize/I18nTextList') },
  { path: Route.appSystem, load: () => import('../features/system-api-key/ApiKeyList') },
  { path: Route.behaviorDiary, load: () => import('../features/operation-log/OperationLogList') },
  { path: Route.userStatistics, load: () => import('../features/statistics/UserStatistics') },
  { path: Route.interFace, load: () => import('../features/interface-log/InterfaceLogList') },

  { path: Route.sendingSMS, load: () => import('../features/sms/SendSms') },
  { path: Route.sendManage, load: () => import('../features/sms/SendRecords') },
  { path: Route.templateManage, load: () => import('../features/sms/TemplateList') },
  { path: Route.addTemplete, permissionsOf: Route.templateManage, load: () => import('../features/sms/TemplateForm') },
  { path: Route.signatureManage, load: () => import('../features/sms/SignatureList') },
  { path: Route.addSignMsg, permissionsOf: Route.signatureManage, load: () => import('../features/sms/SignatureForm') },
  { path: Route.sendCenter, load: () => import('../features/sms/SendCenter') },
  { path: Route.sendNotice, load: () => import('../features/notice/NoticeList') },
  { path: Route.mailManage, load: () => import('../features/mail/MailList') },
  { path: Route.addMail, permissionsOf: Route.mailManage, load: () => import('../features/mail/MailCompose') },
  { path: Route.accountManage, load: () => import('../features/mail/AccountList') },
  { path: Route.addMailAccount, permissionsOf: Route.accountManage, load: () => import('../features/mail/AccountForm') },
  { path: Route.apiKeyMessg, load: () => import('../features/message-key/MessageKeyList') },
  { path: Route.addApiKeyMessage, permissionsOf: Route.apiKeyMessg, load: () => import('../features/message-key/MessageKeyForm') },
  { path: Route.apiKeySystem, load: () => import('../features/message-key/MessageSystemList') },
  { path: Route.addApiKeySystem, permissionsOf: Route.apiKeySystem, load: () => import('../features/message-key/MessageSystemForm') },
  { path: Route.polarLight, load: () => import('../features/push/PushProviders') },
  { path: Route.newPolar, permissionsOf: Route.polarLight, load: () => import('../features/push/ProviderForm') },
  { path: Route.groupManage, load: () => import('../features/data-group/GroupList') },
  { path: Route.organManage, load: () => import('../features/data-group/OrganList') },
  { path: Route.classifyManage, load: () => import('../features/data-group/ClassificationList') },
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
