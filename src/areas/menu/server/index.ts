import { and, asc, eq } from 'drizzle-orm';
import { APP_FLAG_SINGLE, MenuStatus, MenuType } from '../../../shared/constants';
import { menu as menuTable } from '../../../server/db/schema';
import { Errors } from '../../../server/errors';
import { answerKey, answerVersion, withField, withInput, type AreaHandlers } from '../../../server/handler';
import { navigationOf } from '../../../server/platform/session';
import { addMenu, deleteMenus, listMenus, menuById, menuInfo, updateMenu } from './menus';

export const menuHandlers: AreaHandlers<'menu'> = {
  list: withInput(listMenus),
  info: withField('menuId', menuInfo),
  add: answerKey('menuId', addMenu),
  update: answerVersion('menuId', updateMenu),
  delete: withField('menuIds', deleteMenus),

  async appsByRole(input, ctx) {
    await ctx.heldRole(input.roleId);
    const { authz, db, translations } = ctx.services;
    const granted = await authz.menusOf(input.roleId);
    const systems = await db
      .select()
      .from(menuTable)
      .where(and(eq(menuTable.type, MenuType.System), eq(menuTable.status, MenuStatus.Usable)))
      .orderBy(asc(menuTable.orderNum), asc(menuTable.menuId));
    const out = [];
    for (const system of systems) {
      if (granted.has(system.menuId)) out.push({ menuId: system.menuId, appName: await translations.translate(ctx.locale, system.name), systemId: system.perms });
    }
    return out;
  },

  /** The navigation of a system marked 'single', named as the systems list named it. */
  async singleNav(input, ctx) {
    await ctx.heldRole(input.roleId);
    const system = await menuById(ctx.services.db, input.menuId);
    if (!system || system.type !== MenuType.System || !system.appFlag.includes(APP_FLAG_SINGLE)) throw Errors.invalid('menuId', 'validation.oneOf');
    const names = [system.name, await ctx.services.translations.translate(ctx.locale, system.name)];
    if (!names.includes(input.appName)) throw Errors.invalid('appName', 'validation.oneOf');
    return navigationOf(ctx, input.roleId, input.menuId);
  },
};

/** For the other areas' servers. */
export { managedSystemIds } from './menus';
