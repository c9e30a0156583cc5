import type { ComponentType } from 'react';
import type { RoutePath } from '../../../shared/routes';
import type { FeatureText } from '../../i18n/feature-text';

/** A screen route of the spec with the screen that renders it, loaded when its tab first opens. */
export interface ScreenRoute {
  path: RoutePath;
  /** A form screen uses the button permissions of its list screen's menu. */
  permissionsOf?: RoutePath;
  /** Loads the screen's component (its default export). */
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * What an area's screens give the shell (`src/areas/<area>/screens/index.ts`): its routes, and its text, loaded
 * with the shell rather than by the sign-in page.
 */
export interface AreaScreens<Text extends FeatureText = FeatureText> {
  routes: readonly ScreenRoute[];
  texts: () => Promise<Text>;
}

/** An area's screens, typed with its own text's keys. */
export function areaScreens<Text extends FeatureText>(area: AreaScreens<Text>): AreaScreens<Text> {
  return area;
}
