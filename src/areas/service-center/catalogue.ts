import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  serviceCenter: '/serviceCenter',
  serviceCenterManage: '/serviceCenterManage/:userId',
} as const;

const perms = {
  serviceCenterView: 'serviceCenterView',
  serviceCenterSave: 'serviceCenterSave',
  serviceCenterUpdate: 'serviceCenterUpdate',
  serviceCenterDelete: 'serviceCenterDelete',
} as const;

/** The service-center area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const serviceCenterCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'system',
      url: routes.serviceCenter,
      perms: perms.serviceCenterView,
      name: n('服务中心绑定', 'Service centres', 'Servicezentren', '서비스 센터 바인딩', 'サービスセンター割当'),
      buttons: [button.add(perms.serviceCenterSave), button.edit(perms.serviceCenterUpdate), button.delete(perms.serviceCenterDelete)],
    },
  ],
});
