import { FluentProvider } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import type { ThemeChoice } from '../../../shared/constants';
import { unwrap, useBridge } from '../../bridge';
import { ThemeContext } from '../../components/screen/theme';
import { DARK_QUERY, FLUENT_THEMES, FORCED_COLORS_QUERY, shownTheme, type SystemAppearance } from './theme';

const readAppearance = (): SystemAppearance => ({
  dark: typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches,
  forcedColors: typeof window.matchMedia === 'function' && window.matchMedia(FORCED_COLORS_QUERY).matches,
});

/** The operating system's appearance, live: a change there shows at once when the choice is 'system'. */
function useSystemAppearance(): SystemAppearance {
  const [appearance, setAppearance] = useState(readAppearance);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const queries = [window.matchMedia(DARK_QUERY), window.matchMedia(FORCED_COLORS_QUERY)];
    const update = () => setAppearance(readAppearance());
    for (const query of queries) query.addEventListener('change', update);
    return () => queries.forEach((query) => query.removeEventListener('change', update));
  }, []);
  return appearance;
}

/**
 * Fluent UI's provider with the chosen theme (remembered per workstation in the desktop settings, read before
 * the first screen). Everything styled with Fluent's tokens follows, the charts included (they read the
 * tokens from the page).
 */
export function ThemeProvider({ initial, style, children }: { initial: ThemeChoice; style?: CSSProperties; children: ReactNode }) {
  const bridge = useBridge();
  const [choice, setChoice] = useState(initial);
  const appearance = useSystemAppearance();
  const shown = shownTheme(choice, appearance);
  useEffect(() => {
    // Native parts of the page (scroll bars, form controls' defaults) follow too.
    document.documentElement.style.colorScheme = shown === 'light' ? 'light' : 'dark';
    document.documentElement.dataset.theme = shown;
  }, [shown]);
  const choose = useCallback(
    async (next: ThemeChoice) => {
      await unwrap(bridge.settings.set({ theme: next }));
      setChoice(next);
    },
    [bridge],
  );
  const state = useMemo(() => ({ choice, shown, choose }), [choice, shown, choose]);
  return (
    <ThemeContext.Provider value={state}>
      <FluentProvider theme={FLUENT_THEMES[shown]} style={style} data-theme={shown}>
        {children}
      </FluentProvider>
    </ThemeContext.Provider>
  );
}
