import type { Locale } from './constants';
import type { LocalNames } from './contract/endpoint-names';
import { nameIn } from './local-names';
import { CONTENT_TEXT_MAX } from './template-fill';

export { CONTENT_TEXT_MAX, fillTemplate, type TemplateContext } from './template-fill';

/**
 * What an operation-log row says was done (`operationContent`), stored as a key and its values and written out
 * in the reader's language when the row is read: the list, its details and the export. Each key's template is
 * written here once in the five locales (zh_CN, en_US, de_DE, ja_JP, ko_KR, in that order); `{name}` stands for the
 * value `name`. A writer names a key of this catalogue and exactly the values its template uses (the type says
 * so), and a test checks that every locale's template uses the same values.
 */
export const OPERATION_CONTENT = {
  'classification.add': [
    '新增数据分类 {number} {name}',
    'Add classification {number} {name}',
    'Klassifikation {number} {name} hinzugefügt',
    'データ分類 {number} {name} を追加',
    '데이터 분류 {number} {name} 추가',
  ],
  'classification.update': [
    '修改数据分类 {number} {name}',
    'Update classification {number} {name}',
    'Klassifikation {number} {name} geändert',
    'データ分類 {number} {name} を更新',
    '데이터 분류 {number} {name} 수정',
  ],
  'classification.delete': [
    '删除数据分类 {number} {name}',
    'Delete classification {number} {name}',
    'Klassifikation {number} {name} gelöscht',
    'データ分類 {number} {name} を削除',
    '데이터 분류 {number} {name} 삭제',
  ],
  'dataGroup.add': [
    '新增数据组 {number} {name}',
    'Add data group {number} {name}',
    'Datengruppe {number} {name} hinzugefügt',
    'データグループ {number} {name} を追加',
    '데이터 그룹 {number} {name} 추가',
  ],
  'dataGroup.update': [
    '修改数据组 {number} {name}',
    'Update data group {number} {name}',
    'Datengruppe {number} {name} geändert',
    'データグループ {number} {name} を更新',
    '데이터 그룹 {number} {name} 수정',
  ],
  'dataGroup.delete': [
    '删除数据组 {number} {name}',
    'Delete data group {number} {name}',
    'Datengruppe {number} {name} gelöscht',
    'データグループ {number} {name} を削除',
    '데이터 그룹 {number} {name} 삭제',
  ],
  'organ.add': [
    '在数据组 {group} 中新增机关 {number} {name}',
    'Add organ {number} {name} to group {group}',
    'Stelle {number} {name} zur Gruppe {group} hinzugefügt',
    'グループ {group} に機関 {number} {name} を追加',
    '그룹 {group}에 기관 {number} {name} 추가',
  ],
  'organ.update': ['修改机关 {number} {name}', 'Update organ {number} {name}', 'Stelle {number} {name} geändert', '機関 {number} {name} を更新', '기관 {number} {name} 수정'],
  'organ.delete': ['删除机关 {number} {name}', 'Delete organ {number} {name}', 'Stelle {number} {name} gelöscht', '機関 {number} {name} を削除', '기관 {number} {name} 삭제'],
  'user.add': ['新增用户 {username}', 'Add user {username}', 'Benutzer {username} hinzugefügt', 'ユーザー {username} を追加', '사용자 {username} 추가'],
  'user.update': ['修改用户 {username}', 'Update user {username}', 'Benutzer {username} geändert', 'ユーザー {username} を更新', '사용자 {username} 수정'],
  'user.delete': ['删除用户 {usernames}', 'Delete users {usernames}', 'Benutzer {usernames} gelöscht', 'ユーザー {usernames} を削除', '사용자 {usernames} 삭제'],
  'user.resetPassword': [
    '重置用户 {username} 的密码',
    'Reset the password of {username}',
    'Passwort von {username} zurückgesetzt',
    '{username} のパスワードをリセット',
    '{username}의 비밀번호 초기화',
  ],
  'user.changeTopDept': [
    '更换用户 {username} 的顶级机构',
    'Change the top organisation of {username}',
    'Oberste Organisation von {username} gewechselt',
    '{username} の最上位組織を変更',
    '{username}의 최상위 조직 변경',
  ],
  'app.add': [
    '新增应用 {clientId} {appName}',
    'Add application {clientId} {appName}',
    'Anwendung {clientId} {appName} hinzugefügt',
    'アプリケーション {clientId} {appName} を追加',
    '애플리케이션 {clientId} {appName} 추가',
  ],
  'app.update': [
    '修改应用 {clientId} {appName}',
    'Update application {clientId} {appName}',
    'Anwendung {clientId} {appName} geändert',
    'アプリケーション {clientId} {appName} を更新',
    '애플리케이션 {clientId} {appName} 수정',
  ],
  'app.delete': [
    '删除应用 {clientId} {appName}',
    'Delete application {clientId} {appName}',
    'Anwendung {clientId} {appName} gelöscht',
    'アプリケーション {clientId} {appName} を削除',
    '애플리케이션 {clientId} {appName} 삭제',
  ],
  'app.regenerateSecret': [
    '重新生成应用 {clientId} {appName} 的密钥',
    'New secret for application {clientId} {appName}',
    'Neues Geheimnis für Anwendung {clientId} {appName}',
    'アプリケーション {clientId} {appName} のシークレットを再生成',
    '애플리케이션 {clientId} {appName}의 비밀 키 재생성',
  ],
  'messageSystem.add': [
    '新增消息系统 {systemId}（{name}）',
    'Add message system {systemId} ({name})',
    'Nachrichtensystem {systemId} ({name}) hinzugefügt',
    'メッセージシステム {systemId}（{name}）を追加',
    '메시지 시스템 {systemId}({name}) 추가',
  ],
  'messageSystem.update': [
    '修改消息系统 {systemId}（{name}）',
    'Update message system {systemId} ({name})',
    'Nachrichtensystem {systemId} ({name}) geändert',
    'メッセージシステム {systemId}（{name}）を更新',
    '메시지 시스템 {systemId}({name}) 수정',
  ],
  'messageSystem.delete': [
    '删除消息系统 {systemIds}（连同密钥 {keyCount} 个）',
    'Delete message systems {systemIds} (keys deleted with them: {keyCount})',
    'Nachrichtensysteme {systemIds} gelöscht (mitgelöschte Schlüssel: {keyCount})',
    'メッセージシステム {systemIds} を削除（同時に削除したキー：{keyCount}）',
    '메시지 시스템 {systemIds} 삭제(함께 삭제된 키: {keyCount})',
  ],
  'messageKey.add': [
    '为消息系统 #{systemId} 新增消息密钥 #{id}',
    'Add message API key #{id} of message system #{systemId}',
    'Nachrichtenschlüssel #{id} des Nachrichtensystems #{systemId} hinzugefügt',
    'メッセージシステム #{systemId} のメッセージキー #{id} を追加',
    '메시지 시스템 #{systemId}의 메시지 키 #{id} 추가',
  ],
  'messageKey.update': ['修改消息密钥 #{id}', 'Update message API key #{id}', 'Nachrichtenschlüssel #{id} geändert', 'メッセージキー #{id} を更新', '메시지 키 #{id} 수정'],
  'messageKey.regenerate': ['重新生成消息密钥 #{id}', 'New value for message API key #{id}', 'Neuer Wert für Nachrichtenschlüssel #{id}', 'メッセージキー #{id} を再生成', '메시지 키 #{id} 재생성'],
  'messageKey.delete': ['删除消息密钥 {ids}', 'Delete message API keys {ids}', 'Nachrichtenschlüssel {ids} gelöscht', 'メッセージキー {ids} を削除', '메시지 키 {ids} 삭제'],
  'session.end': ['结束 {username} 的会话', 'End a session of {username}', 'Sitzung von {username} beendet', '{username} のセッションを終了', '{username}의 세션 종료'],
  'session.signOut': ['{username} 退出登录', 'Sign out {username}', '{username} abgemeldet', '{username} がログアウト', '{username} 로그아웃'],
  'password.initial': [
    '修改 {username} 的初始密码',
    'Change initial password of {username}',
    'Erstpasswort von {username} geändert',
    '{username} の初期パスワードを変更',
    '{username}의 초기 비밀번호 변경',
  ],
  'password.own': ['{username} 修改本人密码', 'Change own password of {username}', 'Eigenes Passwort von {username} geändert', '{username} が自分のパスワードを変更', '{username} 본인 비밀번호 변경'],
  'messenger.bind': ['绑定企业微信账号', 'Bind enterprise-messenger account', 'Messenger-Konto verknüpft', 'メッセンジャーアカウントを連携', '메신저 계정 연결'],
  'resource.assign': ['为 {dept} 分配资源', 'Assign resources of {dept}', 'Ressourcen von {dept} zugewiesen', '{dept} のリソースを割り当て', '{dept}의 리소스 할당'],
  'smsTemplate.add': ['新增短信模板 {name}', 'Add SMS template {name}', 'SMS-Vorlage {name} hinzugefügt', 'SMSテンプレート {name} を追加', 'SMS 템플릿 {name} 추가'],
  'smsTemplate.update': ['修改短信模板 {name}', 'Update SMS template {name}', 'SMS-Vorlage {name} geändert', 'SMSテンプレート {name} を更新', 'SMS 템플릿 {name} 수정'],
  'smsTemplate.activate': ['启用短信模板 {name}', 'Activate SMS template {name}', 'SMS-Vorlage {name} aktiviert', 'SMSテンプレート {name} を有効化', 'SMS 템플릿 {name} 활성화'],
  'smsTemplate.delete': ['删除短信模板 {names}', 'Delete SMS templates {names}', 'SMS-Vorlagen {names} gelöscht', 'SMSテンプレート {names} を削除', 'SMS 템플릿 {names} 삭제'],
  'smsSignature.add': ['新增短信签名 {name}', 'Add SMS signature {name}', 'SMS-Signatur {name} hinzugefügt', 'SMS署名 {name} を追加', 'SMS 서명 {name} 추가'],
  'smsSignature.update': ['修改短信签名 {name}', 'Update SMS signature {name}', 'SMS-Signatur {name} geändert', 'SMS署名 {name} を更新', 'SMS 서명 {name} 수정'],
  'smsSignature.delete': ['删除短信签名 {names}', 'Delete SMS signatures {names}', 'SMS-Signaturen {names} gelöscht', 'SMS署名 {names} を削除', 'SMS 서명 {names} 삭제'],
  'sms.send': [
    '发送短信 {template}（号码数：{count}）',
    'Send SMS {template} (numbers: {count})',
    'SMS {template} gesendet (Nummern: {count})',
    'SMS {template} を送信（番号数：{count}）',
    'SMS {template} 발송(번호 수: {count})',
  ],
  'mailAccount.add': ['新增邮件账号 {account}', 'Add mail account {account}', 'E-Mail-Konto {account} hinzugefügt', 'メールアカウント {account} を追加', '메일 계정 {account} 추가'],
  'mailAccount.update': ['修改邮件账号 {account}', 'Update mail account {account}', 'E-Mail-Konto {account} geändert', 'メールアカウント {account} を更新', '메일 계정 {account} 수정'],
  'mailAccount.updateWithPassword': [
    '修改邮件账号 {account} 及其密码',
    'Update mail account {account} and its password',
    'E-Mail-Konto {account} und sein Passwort geändert',
    'メールアカウント {account} とパスワードを更新',
    '메일 계정 {account} 및 비밀번호 수정',
  ],
  'mailAccount.activate': ['启用邮件账号 {account}', 'Activate mail account {account}', 'E-Mail-Konto {account} aktiviert', 'メールアカウント {account} を有効化', '메일 계정 {account} 활성화'],
  'mailAccount.delete': ['删除邮件账号 {accounts}', 'Delete mail accounts {accounts}', 'E-Mail-Konten {accounts} gelöscht', 'メールアカウント {accounts} を削除', '메일 계정 {accounts} 삭제'],
  'mail.sendTest': [
    '通过 {account} 向 {to} 发送测试邮件',
    'Send a test mail through {account} to {to}',
    'Testmail über {account} an {to} gesendet',
    '{account} から {to} にテストメールを送信',
    '{account}에서 {to}(으)로 테스트 메일 발송',
  ],
  'mail.send': [
    '发送邮件“{subject}”（收件地址数：{count}）',
    'Send mail "{subject}" (addresses: {count})',
    'E-Mail „{subject}“ gesendet (Adressen: {count})',
    'メール「{subject}」を送信（宛先数：{count}）',
    '메일 "{subject}" 발송(주소 수: {count})',
  ],
  'dictionary.add': [
    '新增字典 {dictNo} {dictName}',
    'Add dictionary {dictNo} {dictName}',
    'Wörterbuch {dictNo} {dictName} hinzugefügt',
    '辞書 {dictNo} {dictName} を追加',
    '사전 {dictNo} {dictName} 추가',
  ],
  'dictionary.update': [
    '修改字典 {dictNo} {dictName}',
    'Update dictionary {dictNo} {dictName}',
    'Wörterbuch {dictNo} {dictName} geändert',
    '辞書 {dictNo} {dictName} を更新',
    '사전 {dictNo} {dictName} 수정',
  ],
  'dictionary.delete': ['删除字典 {dictNos}', 'Delete dictionaries {dictNos}', 'Wörterbücher {dictNos} gelöscht', '辞書 {dictNos} を削除', '사전 {dictNos} 삭제'],
  'dictionary.importAdd': ['导入：新增字典 {path}', 'Import: add dictionary {path}', 'Import: Wörterbuch {path} hinzugefügt', 'インポート：辞書 {path} を追加', '가져오기: 사전 {path} 추가'],
  'dictionary.importUpdate': ['导入：修改字典 {path}', 'Import: change dictionary {path}', 'Import: Wörterbuch {path} geändert', 'インポート：辞書 {path} を更新', '가져오기: 사전 {path} 수정'],
  'menu.add': ['新增菜单 {name}（{perms}）', 'Add menu {name} ({perms})', 'Menü {name} ({perms}) hinzugefügt', 'メニュー {name}（{perms}）を追加', '메뉴 {name}({perms}) 추가'],
  'menu.update': ['修改菜单 {name}（{perms}）', 'Update menu {name} ({perms})', 'Menü {name} ({perms}) geändert', 'メニュー {name}（{perms}）を更新', '메뉴 {name}({perms}) 수정'],
  'menu.delete': ['删除菜单 {menus}', 'Delete menus {menus}', 'Menüs {menus} gelöscht', 'メニュー {menus} を削除', '메뉴 {menus} 삭제'],
  'information.add': ['新增资讯 {title}', 'Add information {title}', 'Information {title} hinzugefügt', 'お知らせ記事 {title} を追加', '정보 {title} 추가'],
  'information.update': ['修改资讯 {title}', 'Update information {title}', 'Information {title} geändert', 'お知らせ記事 {title} を更新', '정보 {title} 수정'],
  'information.delete': ['删除资讯 {titles}', 'Delete information {titles}', 'Informationen {titles} gelöscht', 'お知らせ記事 {titles} を削除', '정보 {titles} 삭제'],
  'information.show': ['显示资讯 {title}', 'Show information {title}', 'Information {title} eingeblendet', 'お知らせ記事 {title} を表示', '정보 {title} 표시'],
  'information.hide': ['隐藏资讯 {title}', 'Hide information {title}', 'Information {title} ausgeblendet', 'お知らせ記事 {title} を非表示', '정보 {title} 숨김'],
  'information.pin': ['置顶资讯 {title}', 'Pin information {title}', 'Information {title} oben angeheftet', 'お知らせ記事 {title} をトップに固定', '정보 {title} 상단 고정'],
  'information.unpin': ['取消置顶资讯 {title}', 'Unpin information {title}', 'Information {title} nicht mehr angeheftet', 'お知らせ記事 {title} のトップ固定を解除', '정보 {title} 상단 고정 해제'],
  'infoCategory.add': ['新增资讯类别 {name}', 'Add information category {name}', 'Informationskategorie {name} hinzugefügt', '記事カテゴリー {name} を追加', '정보 분류 {name} 추가'],
  'infoCategory.update': ['修改资讯类别 {name}', 'Update information category {name}', 'Informationskategorie {name} geändert', '記事カテゴリー {name} を更新', '정보 분류 {name} 수정'],
  'infoCategory.delete': ['删除资讯类别 {names}', 'Delete information categories {names}', 'Informationskategorien {names} gelöscht', '記事カテゴリー {names} を削除', '정보 분류 {names} 삭제'],
  'push.sendAll': ['通过 {provider} 向所有人推送', 'Push through {provider} to everyone', 'Push über {provider} an alle', '{provider} で全員にプッシュ', '{provider}(으)로 전체 푸시'],
  'push.sendTags': [
    '通过 {provider} 按标签推送（标签数：{count}）',
    'Push through {provider} by tag (tags: {count})',
    'Push über {provider} nach Tag (Tags: {count})',
    '{provider} でタグ別にプッシュ（タグ数：{count}）',
    '{provider}(으)로 태그별 푸시(태그 수: {count})',
  ],
  'push.sendAliases': [
    '通过 {provider} 按别名推送（别名数：{count}）',
    'Push through {provider} by alias (aliases: {count})',
    'Push über {provider} nach Alias (Aliasse: {count})',
    '{provider} でエイリアス別にプッシュ（エイリアス数：{count}）',
    '{provider}(으)로 별칭별 푸시(별칭 수: {count})',
  ],
  'pushProvider.add': ['新增推送服务 {alias}', 'Add push provider {alias}', 'Push-Anbieter {alias} hinzugefügt', 'プッシュプロバイダー {alias} を追加', '푸시 제공자 {alias} 추가'],
  'pushProvider.update': ['修改推送服务 {alias}', 'Update push provider {alias}', 'Push-Anbieter {alias} geändert', 'プッシュプロバイダー {alias} を更新', '푸시 제공자 {alias} 수정'],
  'pushProvider.delete': ['删除推送服务 {aliases}', 'Delete push providers {aliases}', 'Push-Anbieter {aliases} gelöscht', 'プッシュプロバイダー {aliases} を削除', '푸시 제공자 {aliases} 삭제'],
  'organisation.add': ['新增机构 {name}', 'Add organisation {name}', 'Organisation {name} hinzugefügt', '組織 {name} を追加', '조직 {name} 추가'],
  'organisation.update': ['修改机构 {name}', 'Update organisation {name}', 'Organisation {name} geändert', '組織 {name} を更新', '조직 {name} 수정'],
  'organisation.delete': ['删除机构 {names}', 'Delete organisations {names}', 'Organisationen {names} gelöscht', '組織 {names} を削除', '조직 {names} 삭제'],
  'role.add': ['新增角色 {name}', 'Add role {name}', 'Rolle {name} hinzugefügt', 'ロール {name} を追加', '역할 {name} 추가'],
  'role.update': ['修改角色 {name}', 'Update role {name}', 'Rolle {name} geändert', 'ロール {name} を更新', '역할 {name} 수정'],
  'role.delete': ['删除角色 {names}', 'Delete roles {names}', 'Rollen {names} gelöscht', 'ロール {names} を削除', '역할 {names} 삭제'],
  'i18nText.add': ['新增多语言文本 {chinese}', 'Add multilingual text {chinese}', 'Mehrsprachigen Text {chinese} hinzugefügt', '多言語テキスト {chinese} を追加', '다국어 텍스트 {chinese} 추가'],
  'i18nText.update': ['修改多语言文本 {chinese}', 'Update multilingual text {chinese}', 'Mehrsprachigen Text {chinese} geändert', '多言語テキスト {chinese} を更新', '다국어 텍스트 {chinese} 수정'],
  'i18nText.delete': ['删除多语言文本 {chinese}', 'Delete multilingual text {chinese}', 'Mehrsprachigen Text {chinese} gelöscht', '多言語テキスト {chinese} を削除', '다국어 텍스트 {chinese} 삭제'],
  'i18nText.importAdd': [
    '导入：新增多语言文本 {chinese}',
    'Import: add multilingual text {chinese}',
    'Import: mehrsprachigen Text {chinese} hinzugefügt',
    'インポート：多言語テキスト {chinese} を追加',
    '가져오기: 다국어 텍스트 {chinese} 추가',
  ],
  'i18nText.importUpdate': [
    '导入：修改多语言文本 {chinese}',
    'Import: change multilingual text {chinese}',
    'Import: mehrsprachigen Text {chinese} geändert',
    'インポート：多言語テキスト {chinese} を更新',
    '가져오기: 다국어 텍스트 {chinese} 수정',
  ],
  'apiKey.add': [
    '新增系统 {system} 的 API 密钥（{apiCode}）',
    'Add API key of {system} for {apiCode}',
    'API-Schlüssel von {system} für {apiCode} hinzugefügt',
    '{system} の {apiCode} 用 API キーを追加',
    '{system}의 {apiCode}용 API 키 추가',
  ],
  'apiKey.update': [
    '修改系统 {system} 的 API 密钥（{apiCode}）',
    'Update API key of {system} for {apiCode}',
    'API-Schlüssel von {system} für {apiCode} geändert',
    '{system} の {apiCode} 用 API キーを更新',
    '{system}의 {apiCode}용 API 키 수정',
  ],
  'notice.read': ['阅读通知 {title}', 'Read notice {title}', 'Mitteilung {title} gelesen', 'お知らせ {title} を既読', '공지 {title} 읽음'],
  'notice.readAgain': ['再次打开通知 {title}', 'Open notice {title} again', 'Mitteilung {title} erneut geöffnet', 'お知らせ {title} を再度開封', '공지 {title} 다시 열람'],
  'notice.sendAll': ['向所有人发送通知 {title}', 'Send notice {title} to everyone', 'Mitteilung {title} an alle gesendet', 'お知らせ {title} を全員に送信', '공지 {title}을(를) 전체에 발송'],
  'notice.sendTo': [
    '向 {audience} 发送通知 {title}',
    'Send notice {title} to {audience}',
    'Mitteilung {title} an {audience} gesendet',
    'お知らせ {title} を {audience} に送信',
    '공지 {title}을(를) {audience}에 발송',
  ],
  'notice.withdraw': ['撤回通知 {title}', 'Withdraw notice {title}', 'Mitteilung {title} zurückgezogen', 'お知らせ {title} を取り下げ', '공지 {title} 회수'],
  'serviceCentre.bind': [
    '为 {username} 绑定业务中心',
    'Bind business centres to {username}',
    'Geschäftszentren an {username} gebunden',
    '{username} に業務センターを割り当て',
    '{username}에 업무 센터 연결',
  ],
  'serviceCentre.update': [
    '修改 {username} 的业务中心',
    'Change the business centres of {username}',
    'Geschäftszentren von {username} geändert',
    '{username} の業務センターを変更',
    '{username}의 업무 센터 변경',
  ],
  'serviceCentre.unbind': [
    '解除 {username} 的业务中心',
    'Unbind the business centres of {username}',
    'Geschäftszentren von {username} gelöst',
    '{username} の業務センターを解除',
    '{username}의 업무 센터 연결 해제',
  ],
  'file.upload': ['上传{purpose}文件 {name}', 'Upload {purpose} file {name}', '{purpose}-Datei {name} hochgeladen', '{purpose}ファイル {name} をアップロード', '{purpose} 파일 {name} 업로드'],
  'undo.restore': [
    '撤销「{interface}」：恢复 {label}',
    'Undo "{interface}": restore {label}',
    '„{interface}“ rückgängig: {label} wiederhergestellt',
    '「{interface}」を元に戻す：{label} を復元',
    '"{interface}" 취소: {label} 복원',
  ],
  /** A change whose call logged no row of its own: the call, by its interface's name. */
  call: ['调用「{interface}」', 'Call "{interface}"', 'Aufruf „{interface}“', '「{interface}」の呼び出し', '"{interface}" 호출'],
} as const satisfies Record<string, LocalNames>;

export type OperationContentKey = keyof typeof OPERATION_CONTENT;

/** The names between braces in a template. */
type PlaceholdersOf<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never;

/** A value of a template: a text, a number, or a list (written as the reader's language joins one). */
export type ContentValue = string | number | readonly string[];

/** The values a key's template uses: each named there, none other. */
export type ContentValues<K extends OperationContentKey> = { readonly [P in PlaceholdersOf<(typeof OPERATION_CONTENT)[K][1]>]: ContentValue };

/** A content as a writer gives it: a key of the catalogue and its values. */
export type OperationContent = {
  [K in OperationContentKey]: { key: K } & ([PlaceholdersOf<(typeof OPERATION_CONTENT)[K][1]>] extends [never] ? { values?: undefined } : { values: ContentValues<K> });
}[OperationContentKey];

/**
 * Values that name something the catalogue of another part of the contract names in five locales: the writer stores
 * the code (an endpoint's stored interface id, a file's purpose), the reader's language gives its name.
 */
export type { NamedValue } from './template-fill';

/** Each file purpose's name in the five locales (`file.upload`'s `{purpose}`). */
export const FILE_PURPOSE_NAMES: Readonly<Record<string, LocalNames>> = {
  idCard: ['证件', 'ID card', 'Ausweis', '身分証', '신분증'],
  articleImage: ['资讯图片', 'article image', 'Artikelbild', '記事画像', '기사 이미지'],
  dictionaryImport: ['字典导入', 'dictionary import', 'Wörterbuchimport', '辞書インポート', '사전 가져오기'],
  i18nImport: ['多语言导入', 'multilingual text import', 'Import mehrsprachiger Texte', '多言語インポート', '다국어 가져오기'],
  mailAttachment: ['邮件附件', 'mail attachment', 'E-Mail-Anhang', 'メール添付', '메일 첨부'],
};

/** The most items of a list value kept in a row: a delete of a thousand rows names the first ones. */
export const CONTENT_LIST_MAX = 50;

/** Every key's template in `locale`. */
export function contentTemplates(locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(OPERATION_CONTENT).map(([key, names]) => [key, nameIn(names, locale)]));
}

/** Values as a row stores them: texts and lists cut so that a row stays small (CONTENT_TEXT_MAX, CONTENT_LIST_MAX). */
export function storedValues(values: Readonly<Record<string, ContentValue>> | undefined): Record<string, ContentValue> {
  const cut = (text: string) => text.slice(0, CONTENT_TEXT_MAX);
  return Object.fromEntries(
    Object.entries(values ?? {}).map(([name, value]) => [name, typeof value === 'number' ? value : typeof value === 'string' ? cut(value) : value.slice(0, CONTENT_LIST_MAX).map(cut)]),
  );
}

/** How `locale` joins a list's items. */
export const listSeparatorOf = (locale: Locale): string => (locale === 'zh_CN' || locale === 'ja_JP' ? '、' : ', ');

/** The names of file purposes in `locale`. */
export function filePurposeNames(locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(FILE_PURPOSE_NAMES).map(([code, names]) => [code, nameIn(names, locale)]));
}
