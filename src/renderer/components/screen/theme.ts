import { createContext, useContext } from 'react';
import type { ThemeChoice } from '../../../shared/constants';

/** The theme on view: the choice resolved against the operating system's appearance. */
export type ShownTheme = 'light' | 'dark' | 'highContrast';

export interface ThemeState {
  choice: ThemeChoice;
  shown: ShownTheme;
  /** Stores the choice in this workstation's settings, then shows it. */
  choose(choice: ThemeChoice): Promise<void>;
}

/** Provided by the shell's theme provider. */
export const ThemeContext = createContext<ThemeState | null>(null);

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme outside ThemeProvider');
  return state;
}
