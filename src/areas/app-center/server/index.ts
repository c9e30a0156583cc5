import type { AreaHandlers } from '../../../server/handler';
import { addApp, appInfo, deleteApp, listApps, regenerateSecret, updateApp } from './apps';

export const appCenterHandlers: AreaHandlers<'appCenter'> = {
  async list(input, ctx) {
    return listApps(ctx, input);
  },

  async info(input, ctx) {
    return appInfo(ctx, input.id);
  },

  async add(input, ctx) {
    return addApp(ctx, input);
  },

  async update(input, ctx) {
    const updated = await updateApp(ctx, input);
    return { id: updated.id, version: updated.version };
  },

  async delete(input, ctx) {
    return deleteApp(ctx, input.id);
  },

  async regenerateSecret(input, ctx) {
    return regenerateSecret(ctx, input.id);
  },
};
