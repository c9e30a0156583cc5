import type { Locale } from '../../../shared/constants';
import type { NavNode } from '../../../shared/contract/session';
import { MENU_CATALOG, type CatalogName } from '../../../shared/menu-catalog';
import { MenuType } from '../../../shared/constants';
import { isPage } from '../home/nav';

/** A screen the palette can open: a page of the role's menus. */
export interface PaletteScreen {
  node: NavNode;
  title: string;
  /** The menus above it, for telling pages of the same name apart. */
  trail: string;
  /** What a query is matched against: its name, its Chinese name, its route. */
  keywords: string[];
}

/** The names of the catalogue's pages by route, in every language: a page is found by its Chinese name too. */
function catalogueNames(): Map<string, CatalogName> {
  const names = new Map<string, CatalogName>();
  for (const system of MENU_CATALOG) for (const group of system.groups) for (const page of group.pages) names.set(page.url, page.name);
  return names;
}
let namesByUrl: Map<string, CatalogName> | null = null;

/** Every page of the navigation, in menu order, with the names it answers to. */
export function paletteScreens(nav: readonly NavNode[], locale: Locale): PaletteScreen[] {
  namesByUrl ??= catalogueNames();
  const out: PaletteScreen[] = [];
  const visit = (nodes: readonly NavNode[], trail: string[]) => {
    for (const node of [...nodes].sort((a, b) => a.orderNum - b.orderNum)) {
      if (node.type === MenuType.Button) continue;
      if (isPage(node)) {
        const url = node.url.trim();
        const names = namesByUrl!.get(url);
        out.push({ node, title: node.name, trail: trail.join(' › '), keywords: [node.name, names?.zh_CN ?? '', names?.[locale] ?? '', url].filter((k) => k !== '') });
      } else visit(node.children, [...trail, node.name]);
    }
  };
  visit(nav, []);
  return out;
}

/**
 * The screens a query finds, best first: every word of the query must appear in one of a screen's names or its
 * route (case-insensitive); a name that starts with the query ranks before one that contains it, which ranks
 * before a match in the route. An empty query lists every screen.
 */
export function matchScreens(screens: readonly PaletteScreen[], query: string): PaletteScreen[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...screens];
  const whole = words.join(' ');
  const scored: Array<{ screen: PaletteScreen; score: number; index: number }> = [];
  screens.forEach((screen, index) => {
    const keys = screen.keywords.map((k) => k.toLowerCase());
    if (!words.every((word) => keys.some((key) => key.includes(word)))) return;
    const names = keys.slice(0, -1);
    const score = names.some((name) => name.startsWith(whole)) ? 0 : names.some((name) => name.includes(whole)) ? 1 : 2;
    scored.push({ screen, score, index });
  });
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((entry) => entry.screen);
}
