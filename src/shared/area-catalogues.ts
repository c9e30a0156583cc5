import { appCenterCatalogue } from '../areas/app-center/catalogue';
import { dataGroupCatalogue } from '../areas/data-group/catalogue';
import { departmentCatalogue } from '../areas/department/catalogue';
import { dictionaryCatalogue } from '../areas/dictionary/catalogue';
import { infoCategoryCatalogue } from '../areas/info-category/catalogue';
import { informationCatalogue } from '../areas/information/catalogue';
import { interfaceLogCatalogue } from '../areas/interface-log/catalogue';
import { internationalizeCatalogue } from '../areas/internationalize/catalogue';
import { mailCatalogue } from '../areas/mail/catalogue';
import { menuCatalogue } from '../areas/menu/catalogue';
import { messageKeyCatalogue } from '../areas/message-key/catalogue';
import { noticeCatalogue } from '../areas/notice/catalogue';
import { operationLogCatalogue } from '../areas/operation-log/catalogue';
import { pushCatalogue } from '../areas/push/catalogue';
import { resourceCatalogue } from '../areas/resource/catalogue';
import { roleCatalogue } from '../areas/role/catalogue';
import { serviceCenterCatalogue } from '../areas/service-center/catalogue';
import { smsCatalogue } from '../areas/sms/catalogue';
import { statisticsCatalogue } from '../areas/statistics/catalogue';
import { systemApiKeyCatalogue } from '../areas/system-api-key/catalogue';
import { userCatalogue } from '../areas/user/catalogue';

/**
 * Every screen area's catalogue (routes, permission keys, menu pages): one line an area. The order is the menu's:
 * within a group, an area's pages follow those of the areas listed before it.
 */
export const AREA_CATALOGUES = [
  menuCatalogue,
  userCatalogue,
  departmentCatalogue,
  roleCatalogue,
  resourceCatalogue,
  dictionaryCatalogue,
  appCenterCatalogue,
  internationalizeCatalogue,
  systemApiKeyCatalogue,
  serviceCenterCatalogue,
  infoCategoryCatalogue,
  informationCatalogue,
  operationLogCatalogue,
  interfaceLogCatalogue,
  statisticsCatalogue,
  smsCatalogue,
  noticeCatalogue,
  mailCatalogue,
  messageKeyCatalogue,
  pushCatalogue,
  dataGroupCatalogue,
] as const;

type AreaCatalogueEntry = (typeof AREA_CATALOGUES)[number];
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The routes of every area, as one object type. */
export type AreaRoutes = UnionToIntersection<AreaCatalogueEntry['routes']>;
/** The permission keys of every area, as one object type. */
export type AreaPerms = UnionToIntersection<AreaCatalogueEntry['perms']>;

/** Merges the areas' tables into one, refusing a name two areas (or an area and the kernel) both declare. */
export function mergeAreaTables(kernel: Record<string, string>, tables: readonly Record<string, string>[], what: string): Record<string, string> {
  const merged: Record<string, string> = { ...kernel };
  for (const table of tables) {
    for (const [name, value] of Object.entries(table)) {
      if (name in merged) throw new Error(`Two declarations of the ${what} ${name}`);
      merged[name] = value;
    }
  }
  return merged;
}
