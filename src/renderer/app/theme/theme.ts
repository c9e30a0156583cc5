import { teamsHighContrastTheme, webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';
import type { ThemeChoice } from '../../../shared/constants';
import type { ShownTheme } from '../../components/screen/theme';

export type { ShownTheme };

/** What the operating system asks for: a dark appearance, and forced colours (Windows' contrast themes). */
export interface SystemAppearance {
  dark: boolean;
  forcedColors: boolean;
}

/** Forced colours win over dark: a user who set a contrast theme needs it whatever the appearance. */
export function shownTheme(choice: ThemeChoice, system: SystemAppearance): ShownTheme {
  if (choice !== 'system') return choice;
  if (system.forcedColors) return 'highContrast';
  return system.dark ? 'dark' : 'light';
}

/** Fluent UI's own themes. */
export const FLUENT_THEMES: Record<ShownTheme, Theme> = {
  light: webLightTheme,
  dark: webDarkTheme,
  highContrast: teamsHighContrastTheme,
};

export const DARK_QUERY = '(prefers-color-scheme: dark)';
export const FORCED_COLORS_QUERY = '(forced-colors: active)';
