import { Perm, type PermissionKey } from './permissions';
import { Route, type RoutePath } from './routes';

/**
 * The menu tree a first start seeds: two systems, their menu groups, a menu for every list route of both
 * spec documents, and a button for every permission key that gates an action. Names are Chinese (the
 * stored name); the other languages are seeded as multilingual text, which is how navigation is
 * translated when the language changes.
 */

export interface CatalogName {
  zh_CN: string;
  en_US: string;
  de_DE: string;
  ko_KR: string;
  ja_JP: string;
}

export interface CatalogButton {
  perms: PermissionKey;
  name: CatalogName;
}

export interface CatalogPage {
  url: RoutePath | string;
  perms: PermissionKey | string;
  name: CatalogName;
  buttons?: CatalogButton[];
  linkTarget?: 0 | 1;
}

export interface CatalogGroup {
  key: string;
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

const n = (zh_CN: string, en_US: string, de_DE: string, ko_KR: string, ja_JP: string): CatalogName => ({ zh_CN, en_US, de_DE, ko_KR, ja_JP });

const add = n('新增', 'Add', 'Hinzufügen', '추가', '追加');
const edit = n('修改', 'Edit', 'Bearbeiten', '수정', '編集');
const del = n('删除', 'Delete', 'Löschen', '삭제', '削除');
const exportName = n('导出', 'Export', 'Exportieren', '내보내기', 'エクスポート');

const crud = (save: PermissionKey, update: PermissionKey, remove: PermissionKey): CatalogButton[] => [
  { perms: save, name: add },
  { perms: update, name: edit },
  { perms: remove, name: del },
];

const systemGroup: CatalogGroup = {
  key: 'system',
  icon: 'settings',
  name: n('系统管理', 'System', 'System', '시스템 관리', 'システム管理'),
  pages: [
    { url: Route.menu, perms: Perm.menuView, name: n('菜单管理', 'Menus', 'Menüs', '메뉴 관리', 'メニュー管理'), buttons: crud(Perm.menuSave, Perm.menuUpdate, Perm.menuDelete) },
    {
      url: Route.user,
      perms: Perm.userView,
      name: n('用户管理', 'Users', 'Benutzer', '사용자 관리', 'ユーザー管理'),
      buttons: [
        ...crud(Perm.userSave, Perm.userUpdate, Perm.userDelete),
        { perms: Perm.userChangeDept, name: n('变更组织', 'Change organisation', 'Organisation ändern', '조직 변경', '組織変更') },
        { perms: Perm.userResetPwd, name: n('重置密码', 'Reset password', 'Passwort zurücksetzen', '비밀번호 초기화', 'パスワードリセット') },
      ],
    },
    { url: Route.department, perms: Perm.deptView, name: n('组织管理', 'Organisations', 'Organisationen', '조직 관리', '組織管理'), buttons: crud(Perm.deptSave, Perm.deptUpdate, Perm.deptDelete) },
    { url: Route.role, perms: Perm.roleView, name: n('角色管理', 'Roles', 'Rollen', '역할 관리', 'ロール管理'), buttons: crud(Perm.roleSave, Perm.roleUpdate, Perm.roleDelete) },
    {
      url: Route.resource,
      perms: Perm.resourceView,
      name: n('资源分配', 'Resources', 'Ressourcen', '자원 할당', 'リソース割当'),
      buttons: [{ perms: Perm.resourceSave, name: n('保存', 'Save', 'Speichern', '저장', '保存') }],
    },
    { url: Route.dictionary, perms: Perm.dictView, name: n('字典管理', 'Dictionaries', 'Wörterbücher', '사전 관리', '辞書管理'), buttons: crud(Perm.dictSave, Perm.dictUpdate, Perm.dictDelete) },
    {
      url: Route.appCenter,
      perms: Perm.appCenterView,
      name: n('应用中心', 'Application centre', 'Anwendungszentrale', '애플리케이션 센터', 'アプリケーションセンター'),
      buttons: [
        { perms: Perm.appCenterSave, name: add },
        { perms: Perm.appCenterDelete, name: del },
      ],
    },
    {
      url: Route.internationalize,
      perms: Perm.i18nView,
      name: n('多语言管理', 'Multilingual text', 'Mehrsprachige Texte', '다국어 관리', '多言語管理'),
      buttons: [
        { perms: Perm.i18nSave, name: add },
        { perms: Perm.i18nDelete, name: del },
      ],
    },
    {
      url: Route.appSystem,
      perms: Perm.apiKeyView,
      name: n('系统密钥', 'System API keys', 'System-API-Schlüssel', '시스템 API 키', 'システムAPIキー'),
      buttons: [{ perms: Perm.apiKeySave, name: add }],
    },
    {
      url: Route.serviceCenter,
      perms: Perm.serviceCenterView,
      name: n('服务中心绑定', 'Service centres', 'Servicezentren', '서비스 센터 바인딩', 'サービスセンター割当'),
      buttons: crud(Perm.serviceCenterSave, Perm.serviceCenterUpdate, Perm.serviceCenterDelete),
    },
  ],
};

const informationGroup: CatalogGroup = {
  key: 'information',
  icon: 'news',
  name: n('信息管理', 'Information', 'Informationen', '정보 관리', '情報管理'),
  pages: [
    {
      url: Route.inforTypeManage,
      perms: Perm.infoTypeView,
      name: n('信息分类', 'Categories', 'Kategorien', '정보 분류', '情報分類'),
      buttons: crud(Perm.infoTypeSave, Perm.infoTypeUpdate, Perm.infoTypeDelete),
    },
    {
      url: Route.information,
      perms: Perm.infoView,
      name: n('信息列表', 'Articles', 'Artikel', '정보 목록', '情報一覧'),
      buttons: [
        ...crud(Perm.infoSave, Perm.infoUpdate, Perm.infoDelete),
        { perms: Perm.infoTop, name: n('置顶', 'Pin', 'Anheften', '상단 고정', 'トップ固定') },
        { perms: Perm.infoDisplay, name: n('显示', 'Display', 'Anzeigen', '표시', '表示') },
      ],
    },
  ],
};

const logGroup: CatalogGroup = {
  key: 'logs',
  icon: 'chart',
  name: n('日志统计', 'Logs', 'Protokolle', '로그 통계', 'ログ統計'),
  pages: [
    {
      url: Route.behaviorDiary,
      perms: Perm.operLogView,
      name: n('操作日志', 'Operation log', 'Vorgangsprotokoll', '작업 로그', '操作ログ'),
      buttons: [{ perms: Perm.operLogExport, name: exportName }],
    },
    {
      url: Route.interFace,
      perms: Perm.interfaceLogView,
      name: n('接口监控', 'Interface monitoring', 'Schnittstellenüberwachung', '인터페이스 모니터링', 'インターフェース監視'),
      buttons: [{ perms: Perm.interfaceLogExport, name: exportName }],
    },
    {
      url: Route.userStatistics,
      perms: Perm.statisticsView,
      name: n('访问统计', 'Visit statistics', 'Besuchsstatistik', '방문 통계', 'アクセス統計'),
      buttons: [{ perms: Perm.sessionEnd, name: n('结束会话', 'End session', 'Sitzung beenden', '세션 종료', 'セッション終了') }],
    },
  ],
};

const messagingGroup: CatalogGroup = {
  key: 'messaging',
  icon: 'mail',
  name: n('消息中心', 'Messaging', 'Nachrichten', '메시지 센터', 'メッセージセンター'),
  pages: [
    {
      url: Route.sendingSMS,
      perms: Perm.smsSendView,
      name: n('短信发送', 'Send SMS', 'SMS senden', 'SMS 발송', 'SMS送信'),
      buttons: [{ perms: Perm.smsSend, name: n('发送', 'Send', 'Senden', '발송', '送信') }],
    },
    { url: Route.sendManage, perms: Perm.smsRecordView, name: n('发送记录', 'Send records', 'Sendeprotokoll', '발송 기록', '送信記録') },
    {
      url: Route.templateManage,
      perms: Perm.templateView,
      name: n('模板管理', 'Templates', 'Vorlagen', '템플릿 관리', 'テンプレート管理'),
      buttons: [
        { perms: Perm.templateSave, name: add },
        { perms: Perm.templateDelete, name: del },
        { perms: Perm.templateActivate, name: n('启用', 'Activate', 'Aktivieren', '활성화', '有効化') },
      ],
    },
    {
      url: Route.signatureManage,
      perms: Perm.signatureView,
      name: n('签名管理', 'Signatures', 'Signaturen', '서명 관리', '署名管理'),
      buttons: [
        { perms: Perm.signatureSave, name: add },
        { perms: Perm.signatureDelete, name: del },
      ],
    },
    { url: Route.sendCenter, perms: Perm.sendCenterView, name: n('发送中心', 'Send centre', 'Sendezentrale', '발송 센터', '送信センター') },
    {
      url: Route.sendNotice,
      perms: Perm.noticeView,
      name: n('通知发送', 'Notices', 'Mitteilungen', '알림 발송', 'お知らせ送信'),
      buttons: [{ perms: Perm.noticeSend, name: n('发送', 'Send', 'Senden', '발송', '送信') }],
    },
    {
      url: Route.mailManage,
      perms: Perm.mailView,
      name: n('邮件管理', 'Mail', 'E-Mail', '메일 관리', 'メール管理'),
      buttons: [{ perms: Perm.mailSend, name: n('发送', 'Send', 'Senden', '발송', '送信') }],
    },
    {
      url: Route.accountManage,
      perms: Perm.mailAccountView,
      name: n('邮箱账号', 'Mail accounts', 'E-Mail-Konten', '메일 계정', 'メールアカウント'),
      buttons: [
        { perms: Perm.mailAccountSave, name: add },
        { perms: Perm.mailAccountDelete, name: del },
        { perms: Perm.mailAccountActivate, name: n('启用', 'Activate', 'Aktivieren', '활성화', '有効化') },
      ],
    },
    {
      url: Route.apiKeyMessg,
      perms: Perm.messageApiKeyView,
      name: n('消息密钥', 'Message API keys', 'Nachrichten-API-Schlüssel', '메시지 API 키', 'メッセージAPIキー'),
      buttons: [
        { perms: Perm.messageApiKeySave, name: add },
        { perms: Perm.messageApiKeyDelete, name: del },
      ],
    },
    {
      url: Route.apiKeySystem,
      perms: Perm.systemApiKeyView,
      name: n('消息系统密钥', 'Message systems', 'Nachrichtensysteme', '메시지 시스템 키', 'メッセージシステムキー'),
      buttons: [
        { perms: Perm.systemApiKeySave, name: add },
        { perms: Perm.systemApiKeyDelete, name: del },
      ],
    },
    {
      url: Route.polarLight,
      perms: Perm.pushView,
      name: n('推送配置', 'Push providers', 'Push-Anbieter', '푸시 설정', 'プッシュ設定'),
      buttons: [
        { perms: Perm.pushSave, name: add },
        { perms: Perm.pushDelete, name: del },
        { perms: Perm.pushSend, name: n('推送', 'Push', 'Senden', '푸시', 'プッシュ') },
      ],
    },
  ],
};

const dataGroup: CatalogGroup = {
  key: 'dataGroups',
  icon: 'database',
  name: n('数据分组', 'Data groups', 'Datengruppen', '데이터 그룹', 'データグループ'),
  pages: [
    {
      url: Route.groupManage,
      perms: Perm.dataGroupView,
      name: n('分组管理', 'Groups', 'Gruppen', '그룹 관리', 'グループ管理'),
      buttons: [
        { perms: Perm.dataGroupSave, name: add },
        { perms: Perm.dataGroupDelete, name: del },
      ],
    },
    {
      url: Route.organManage,
      perms: Perm.organView,
      name: n('机构管理', 'Organs', 'Einrichtungen', '기관 관리', '機関管理'),
      buttons: [
        { perms: Perm.organSave, name: add },
        { perms: Perm.organDelete, name: del },
      ],
    },
    {
      url: Route.classifyManage,
      perms: Perm.classifyView,
      name: n('分类管理', 'Classifications', 'Klassifikationen', '분류 관리', '分類管理'),
      buttons: [
        { perms: Perm.classifySave, name: add },
        { perms: Perm.classifyDelete, name: del },
      ],
    },
  ],
};

/** The console's own system: the only one whose menus and buttons carry the console's permission keys. */
export const CONSOLE_SYSTEM_ID = 'backoffice';

export const MENU_CATALOG: readonly CatalogSystem[] = [
  {
    systemId: CONSOLE_SYSTEM_ID,
    appFlag: '',
    sysVersion: '1.0.1',
    name: n('后台管理系统', 'Back-office administration', 'Back-Office-Verwaltung', '백오피스 관리', 'バックオフィス管理'),
    groups: [systemGroup, informationGroup, logGroup, messagingGroup, dataGroup],
  },
  {
    systemId: 'logistics',
    appFlag: 'single',
    sysVersion: '1.0.1',
    name: n('物流运营系统', 'Logistics operations', 'Logistikbetrieb', '물류 운영', '物流運用'),
    groups: [
      {
        key: 'operations',
        icon: 'truck',
        name: n('运营信息', 'Operations', 'Betrieb', '운영 정보', '運用情報'),
        pages: [
          { url: Route.information, perms: Perm.infoView, name: n('信息列表', 'Articles', 'Artikel', '정보 목록', '情報一覧') },
          { url: Route.userStatistics, perms: Perm.statisticsView, name: n('访问统计', 'Visit statistics', 'Besuchsstatistik', '방문 통계', 'アクセス統計') },
        ],
      },
    ],
  },
];
