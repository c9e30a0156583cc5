import { Apps20Regular, DataBarVertical20Regular, Database20Regular, Folder20Regular, Mail20Regular, News20Regular, Settings20Regular, VehicleTruckProfile20Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';

/** The icons the seeded menu groups name (menu-catalog.ts); a name an administrator typed that is none of them shows a folder. */
const MENU_ICONS: Record<string, () => ReactElement> = {
  apps: () => <Apps20Regular />,
  settings: () => <Settings20Regular />,
  news: () => <News20Regular />,
  chart: () => <DataBarVertical20Regular />,
  mail: () => <Mail20Regular />,
  database: () => <Database20Regular />,
  truck: () => <VehicleTruckProfile20Regular />,
};

export function menuIcon(name: string): ReactElement {
  return (MENU_ICONS[name] ?? (() => <Folder20Regular />))();
}
