import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTheme } from '../../../renderer/components/screen/theme';
import { resolveChartColors, type ChartColors } from './chart-colors';

/** The theme's chart colours, read from the element the returned ref is put on; null until it is on screen. */
export function useChartColors(): { ref: (element: HTMLElement | null) => void; colors: ChartColors | null } {
  // A switch of theme re-renders every chart (the provider's children would not re-render by themselves).
  useTheme();
  const element = useRef<HTMLElement | null>(null);
  const [colors, setColors] = useState<ChartColors | null>(null);
  const ref = useCallback((node: HTMLElement | null) => {
    element.current = node;
  }, []);
  // Read after every render, a switch of theme included: the theme's tokens are on the page by then.
  useLayoutEffect(() => {
    if (!element.current) return;
    const next = resolveChartColors(element.current);
    setColors((previous) => (previous && JSON.stringify(previous) === JSON.stringify(next) ? previous : next));
  });
  return { ref, colors };
}
