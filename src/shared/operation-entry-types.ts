import type { Locale } from './constants';
import { nameIn, type LocalNames } from './local-names';

/**
 * Every kind of change the operation log records (`entryType`): add, update, delete and the named actions. The
 * server's change records take only these, and the screen names each in the reader's language.
 */
export const OPERATION_ENTRY_TYPES = [
  'add',
  'update',
  'delete',
  'undo',
  'activate',
  'bind',
  'changeTopDept',
  'display',
  'endSession',
  'import',
  'logout',
  'password',
  'read',
  'regenerateSecret',
  'resetPassword',
  'send',
  'top',
  'upload',
  'withdraw',
] as const;
export type OperationEntryType = (typeof OPERATION_ENTRY_TYPES)[number];

/** Each kind's name in the five locales (zh_CN, en_US, de_DE, ja_JP, ko_KR): the screen's badges and the export's cells. */
export const OPERATION_ENTRY_TYPE_NAMES: Readonly<Record<OperationEntryType, LocalNames>> = {
  add: ['新增', 'Add', 'Hinzugefügt', '追加', '추가'],
  update: ['修改', 'Update', 'Geändert', '更新', '수정'],
  delete: ['删除', 'Delete', 'Gelöscht', '削除', '삭제'],
  undo: ['撤销删除', 'Undo', 'Rückgängig', '元に戻す', '삭제 취소'],
  activate: ['启用', 'Activate', 'Aktiviert', '有効化', '활성화'],
  bind: ['绑定', 'Bind', 'Verknüpft', '連携', '연결'],
  changeTopDept: ['更换顶级机构', 'Change top organisation', 'Oberste Organisation geändert', '最上位組織の変更', '최상위 조직 변경'],
  display: ['显示设置', 'Display', 'Anzeige', '表示設定', '표시 설정'],
  endSession: ['结束会话', 'End session', 'Sitzung beendet', 'セッション終了', '세션 종료'],
  import: ['导入', 'Import', 'Importiert', 'インポート', '가져오기'],
  logout: ['退出登录', 'Sign out', 'Abgemeldet', 'ログアウト', '로그아웃'],
  password: ['修改密码', 'Password change', 'Passwort geändert', 'パスワード変更', '비밀번호 변경'],
  read: ['阅读', 'Read', 'Gelesen', '既読', '읽음'],
  regenerateSecret: ['重新生成密钥', 'Regenerate secret', 'Geheimnis neu erzeugt', 'シークレット再生成', '비밀 키 재생성'],
  resetPassword: ['重置密码', 'Reset password', 'Passwort zurückgesetzt', 'パスワードリセット', '비밀번호 초기화'],
  send: ['发送', 'Send', 'Gesendet', '送信', '발송'],
  top: ['置顶设置', 'Pin to top', 'Oben angeheftet', 'トップ固定', '상단 고정'],
  upload: ['上传', 'Upload', 'Hochgeladen', 'アップロード', '업로드'],
  withdraw: ['撤回', 'Withdraw', 'Zurückgezogen', '取り下げ', '회수'],
};

/** The kinds' names in one locale, by kind. */
export function entryTypeLabels(locale: Locale): Record<OperationEntryType, string> {
  return Object.fromEntries(OPERATION_ENTRY_TYPES.map((type) => [type, nameIn(OPERATION_ENTRY_TYPE_NAMES[type], locale)])) as Record<OperationEntryType, string>;
}
