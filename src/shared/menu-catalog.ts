import { AREA_CATALOGUES } from './area-catalogues';
import { catalogName as n, type CatalogButton, type CatalogGroupKey, type CatalogName, type CatalogPage } from './area-catalogue';

/**
 * The menu tree a first start seeds: two systems, their menu groups, and the pages and buttons each area's catalogue
 * declares (a menu for every list route of both spec documents, a button for every permission key that gates an
 * action). Names are Chinese (the stored name); the other languages are seeded as multilingual text, which is how
 * navigation is translated when the language changes.
 */

export type { CatalogButton, CatalogName, CatalogPage };

export interface CatalogGroup {
  key: CatalogGroupKey;
  icon: string;
  name: CatalogName;
  pages: CatalogPage[];
}

export interface CatalogSystem {
  systemId: string;
  appFlag: string;
  sysVersion: string;
  name: CatalogName;
  groups: CatalogGroup[];
}

/** A group of the tree with the pages the areas place in it, in the areas' registry order. */
function group(key: CatalogGroupKey, icon: string, name: CatalogName): CatalogGroup {
  return { key, icon, name, pages: AREA_CATALOGUES.flatMap((area) => area.pages.filter((page) => page.group === key)) };
}

/** The console's own system: the only one whose menus and buttons carry the console's permission keys. */
export const CONSOLE_SYSTEM_ID = 'backoffice';

export const MENU_CATALOG: readonly CatalogSystem[] = [
  {
    systemId: CONSOLE_SYSTEM_ID,
    appFlag: '',
    sysVersion: '1.0.1',
    name: n('后台管理系统', 'Back-office administration', 'Back-Office-Verwaltung', '백오피스 관리', 'バックオフィス管理'),
    groups: [
      group('system', 'settings', n('系统管理', 'System', 'System', '시스템 관리', 'システム管理')),
      group('information', 'news', n('信息管理', 'Information', 'Informationen', '정보 관리', '情報管理')),
      group('logs', 'chart', n('日志统计', 'Logs', 'Protokolle', '로그 통계', 'ログ統計')),
      group('messaging', 'mail', n('消息中心', 'Messaging', 'Nachrichten', '메시지 센터', 'メッセージセンター')),
      group('dataGroups', 'database', n('数据分组', 'Data groups', 'Datengruppen', '데이터 그룹', 'データグループ')),
    ],
  },
  {
    systemId: 'logistics',
    appFlag: 'single',
    sysVersion: '1.0.1',
    name: n('物流运营系统', 'Logistics operations', 'Logistikbetrieb', '물류 운영', '物流運用'),
    groups: [group('operations', 'truck', n('运营信息', 'Operations', 'Betrieb', '운영 정보', '運用情報'))],
  },
];
