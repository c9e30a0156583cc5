import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { resolveChartColors, type ChartColors } from './chart-colors';

/** The theme's chart colours, read from the element the returned ref is put on; null until it is on screen. */
export function useChartColors(): { ref: (element: HTMLElement | null) => void; colors: ChartColors | null } {
  const element = useRef<HTMLElement | null>(null);
  const [colors, setColors] = useState<ChartColors | null>(null);
  const ref = useCallback((node: HTMLElement | null) => {
    element.current = node;
  }, []);
  // Read after every render: a theme switch re-renders the provider's tree, and the colours follow.
  useLayoutEffect(() => {
    if (!element.current) return;
    const next = resolveChartColors(element.current);
    setColors((previous) => (previous && JSON.stringify(previous) === JSON.stringify(next) ? previous : next));
  });
  return { ref, colors };
}
