/**
 * What a screen area declares of itself beside its contract: its routes (spec 000 §2, 001 §2), the permission
 * keys of its screens and buttons, and the pages and buttons it adds to the seeded menu tree. It carries no zod
 * schema, so the sign-in page and the shell can read routes and keys without loading any contract.
 */

export interface CatalogName {
  zh_CN: string;
  en_US: string;
  de_DE: string;
  ko_KR: string;
  ja_JP: string;
}

export function catalogName(zh_CN: string, en_US: string, de_DE: string, ko_KR: string, ja_JP: string): CatalogName {
  return { zh_CN, en_US, de_DE, ko_KR, ja_JP };
}

/** The menu groups of the seeded tree, each named and placed by the menu catalogue (menu-catalog.ts). */
export type CatalogGroupKey = 'system' | 'information' | 'logs' | 'messaging' | 'dataGroups' | 'operations';

export interface CatalogButton {
  perms: string;
  name: CatalogName;
}

export interface CatalogPage {
  group: CatalogGroupKey;
  url: string;
  perms: string;
  name: CatalogName;
  buttons?: readonly CatalogButton[];
  linkTarget?: 0 | 1;
}

/** A button that a page's word names, taking the button's key. */
function namedButton(name: CatalogName): (perms: string) => CatalogButton {
  return (perms) => ({ perms, name });
}

/** A button of a page: its key and its name; `button.add(key)` and the like for the words many pages share. */
export const button = Object.assign((perms: string, name: CatalogName): CatalogButton => ({ perms, name }), {
  add: namedButton(catalogName('新增', 'Add', 'Hinzufügen', '추가', '追加')),
  edit: namedButton(catalogName('修改', 'Edit', 'Bearbeiten', '수정', '編集')),
  delete: namedButton(catalogName('删除', 'Delete', 'Löschen', '삭제', '削除')),
  export: namedButton(catalogName('导出', 'Export', 'Exportieren', '내보내기', 'エクスポート')),
  send: namedButton(catalogName('发送', 'Send', 'Senden', '발송', '送信')),
  activate: namedButton(catalogName('启用', 'Activate', 'Aktivieren', '활성화', '有効化')),
});

export interface AreaCatalogue<Routes extends Record<string, string>, Perms extends Record<string, string>> {
  routes: Routes;
  perms: Perms;
  /** The area's pages in menu order; a page of a group is placed after those of the areas registered before it. */
  pages: readonly CatalogPage[];
}

export function defineAreaCatalogue<const Routes extends Record<string, string>, const Perms extends Record<string, string>>(catalogue: AreaCatalogue<Routes, Perms>): AreaCatalogue<Routes, Perms> {
  return catalogue;
}
