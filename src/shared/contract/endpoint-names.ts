import type { Locale } from '../constants';
import type { LocalNames } from '../local-names';
import type { Api } from './index';
import { authNames } from './auth';
import { sessionNames } from './session';
import { menuNames } from '../../areas/menu/contract';
import { userNames } from '../../areas/user/contract';
import { serviceCenterNames } from '../../areas/service-center/contract';
import { dictionaryNames } from '../../areas/dictionary/contract';
import { roleNames } from '../../areas/role/contract';
import { resourceNames } from '../../areas/resource/contract';
import { deptNames } from '../../areas/department/contract';
import { fileNames } from './file';
import { appCenterNames } from '../../areas/app-center/contract';
import { systemApiKeyNames } from '../../areas/system-api-key/contract';
import { interfaceLogNames } from '../../areas/interface-log/contract';
import { i18nTextNames } from '../../areas/internationalize/contract';
import { infoCategoryNames } from '../../areas/info-category/contract';
import { informationNames } from '../../areas/information/contract';
import { statisticsNames } from '../../areas/statistics/contract';
import { operationLogNames } from '../../areas/operation-log/contract';
import { smsNames } from '../../areas/sms/contract';
import { mailNames } from '../../areas/mail/contract';
import { pushNames } from '../../areas/push/contract';
import { noticeNames } from '../../areas/notice/contract';
import { dataGroupNames } from '../../areas/data-group/contract';
import { messageKeyNames, openMessageNames } from '../../areas/message-key/contract';
import { undoNames } from './undo';

export { NAME_LOCALES, type LocalNames } from '../local-names';

/**
 * What interface monitoring, its filters and its export call each endpoint and each service, in the five locales
 * (zh_CN, en_US, de_DE, ja_JP, ko_KR, in that order). The log stores the endpoint's id (`area.name`, with
 * `#value` for a `summaryBy` variant) and the service's key; the names are looked up when a row is read, in the
 * reader's language. Typed by the contract, so an endpoint cannot be added without its names.
 */
type EndpointNames = { readonly [A in keyof Api]: { readonly [E in keyof Api[A]]: LocalNames } };

export const ENDPOINT_NAMES: EndpointNames = {
  auth: authNames,
  session: sessionNames,
  menu: menuNames,
  user: userNames,
  serviceCenter: serviceCenterNames,
  dictionary: dictionaryNames,
  role: roleNames,
  resource: resourceNames,
  dept: deptNames,
  file: fileNames,
  appCenter: appCenterNames,
  systemApiKey: systemApiKeyNames,
  interfaceLog: interfaceLogNames,
  i18nText: i18nTextNames,
  infoCategory: infoCategoryNames,
  information: informationNames,
  statistics: statisticsNames,
  operationLog: operationLogNames,
  sms: smsNames,
  mail: mailNames,
  push: pushNames,
  notice: noticeNames,
  dataGroup: dataGroupNames,
  messageKey: messageKeyNames,
  openMessage: openMessageNames,
  undo: undoNames,
};

/** The names of an endpoint's `summaryBy` variants, by `id#value`: each variant of the contract needs one. */
export const VARIANT_NAMES: Readonly<Record<string, LocalNames>> = {
  'auth.token#password': ['密码登录', 'Sign in with password', 'Anmeldung mit Passwort', 'パスワードでログイン', '비밀번호로 로그인'],
  'auth.token#refresh_token': ['刷新会话', 'Refresh session', 'Sitzung erneuern', 'セッション更新', '세션 갱신'],
};

/** The services' names, by the `service` an endpoint gives; `unknown` names calls to no endpoint. */
export const SERVICE_NAMES: Readonly<Record<string, LocalNames>> = {
  auth: ['认证', 'Authentication', 'Authentifizierung', '認証', '인증'],
  session: ['会话', 'Session', 'Sitzung', 'セッション', '세션'],
  menu: ['菜单管理', 'Menus', 'Menüs', 'メニュー管理', '메뉴 관리'],
  user: ['用户管理', 'Users', 'Benutzer', 'ユーザー管理', '사용자 관리'],
  organisation: ['机构管理', 'Organisations', 'Organisationen', '組織管理', '조직 관리'],
  role: ['角色管理', 'Roles', 'Rollen', 'ロール管理', '역할 관리'],
  serviceCenter: ['业务中心', 'Business centres', 'Geschäftsstellen', '業務センター', '업무 센터'],
  dictionary: ['字典管理', 'Dictionaries', 'Wörterbücher', '辞書管理', '사전 관리'],
  resource: ['资源管理', 'Resources', 'Ressourcen', 'リソース管理', '자원 관리'],
  file: ['文件', 'Files', 'Dateien', 'ファイル', '파일'],
  appCenter: ['应用中心', 'Application centre', 'Anwendungszentrum', 'アプリセンター', '애플리케이션 센터'],
  systemApiKey: ['系统API密钥', 'System API keys', 'System-API-Schlüssel', 'システムAPIキー', '시스템 API 키'],
  interfaceLog: ['接口监控', 'Interface monitoring', 'Schnittstellenüberwachung', 'インターフェース監視', '인터페이스 모니터링'],
  i18nText: ['多语言', 'Multilingual texts', 'Mehrsprachige Texte', '多言語', '다국어'],
  infoCategory: ['资讯类别', 'Information categories', 'Informationskategorien', '情報カテゴリー', '정보 분류'],
  information: ['资讯管理', 'Information', 'Informationen', '情報管理', '정보 관리'],
  statistics: ['访问统计', 'Visit statistics', 'Besuchsstatistik', 'アクセス統計', '방문 통계'],
  operationLog: ['操作日志', 'Operation log', 'Vorgangsprotokoll', '操作ログ', '작업 로그'],
  sms: ['短信', 'SMS', 'SMS', 'SMS', 'SMS'],
  mail: ['邮件', 'Mail', 'E-Mail', 'メール', '메일'],
  push: ['推送', 'Push', 'Push', 'プッシュ', '푸시'],
  notice: ['公告', 'Notices', 'Mitteilungen', 'お知らせ', '공지'],
  dataGroup: ['数据组', 'Data groups', 'Datengruppen', 'データグループ', '데이터 그룹'],
  messageKey: ['消息密钥', 'Message keys', 'Nachrichtenschlüssel', 'メッセージキー', '메시지 키'],
  openMessage: ['开放消息接口', 'Open messaging', 'Offene Nachrichten-API', 'オープンメッセージAPI', '오픈 메시지 API'],
  undo: ['撤销', 'Undo', 'Rückgängig', '取り消し', '실행 취소'],
  unknown: ['未知接口', 'Unknown address', 'Unbekannte Adresse', '不明なアドレス', '알 수 없는 주소'],
};

/** The service of a call to no endpoint (an unknown address), as interface monitoring stores it. */
export const UNKNOWN_SERVICE = 'unknown';

/**
 * The text the interface-name filter takes to find sign-ins, in each locale: it is part of the names of the password
 * sign-in and of the messenger binding sign-in (and of the token call without a grant), in every locale, and of no other.
 */
export const SIGN_IN_INTERFACE_NAMES: Readonly<Record<Locale, string>> = {
  zh_CN: '登录',
  en_US: 'Sign in',
  de_DE: 'Anmeldung',
  ja_JP: 'ログイン',
  ko_KR: '로그인',
};
