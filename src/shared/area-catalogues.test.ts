import { describe, expect, it } from 'vitest';
import { AREA_CATALOGUES, mergeAreaTables } from './area-catalogues';
import { Route } from './routes';
import { Perm } from './permissions';
import { MENU_CATALOG } from './menu-catalog';

describe('area catalogues', () => {
  it('refuses a route or key that two areas, or an area and the kernel, both declare', () => {
    expect(() => mergeAreaTables({ home: '/Home' }, [{ user: '/user' }, { home: '/elsewhere' }], 'route')).toThrow('Two declarations of the route home');
    expect(() => mergeAreaTables({}, [{ userView: 'userView' }, { userView: 'userView' }], 'permission key')).toThrow('Two declarations of the permission key userView');
    expect(mergeAreaTables({ home: '/Home' }, [{ user: '/user' }, { role: '/role' }], 'route')).toEqual({ home: '/Home', user: '/user', role: '/role' });
  });

  it("places only an area's own routes and keys in its pages and buttons", () => {
    for (const area of AREA_CATALOGUES) {
      const routes = new Set<string>(Object.values(area.routes));
      const perms = new Set<string>(Object.values(area.perms));
      for (const page of area.pages) {
        expect(routes, page.url).toContain(page.url);
        expect(perms, page.perms).toContain(page.perms);
        for (const button of page.buttons ?? []) expect(perms, button.perms).toContain(button.perms);
      }
    }
  });

  it('gives every route one path and every key its own name as value', () => {
    const paths = Object.values(Route);
    expect(new Set(paths).size).toBe(paths.length);
    for (const [name, key] of Object.entries(Perm)) expect(key).toBe(name);
  });

  it('seeds every list page of the areas in its group, in the registry order', () => {
    const consoleSystem = MENU_CATALOG[0]!;
    const systemGroup = consoleSystem.groups.find((group) => group.key === 'system')!;
    expect(systemGroup.pages.map((page) => page.url).slice(0, 4)).toEqual([Route.menu, Route.user, Route.department, Route.role]);
    const seeded = MENU_CATALOG.flatMap((system) => system.groups.flatMap((group) => group.pages));
    expect(seeded.length).toBe(AREA_CATALOGUES.reduce((count, area) => count + area.pages.length, 0));
  });
});
