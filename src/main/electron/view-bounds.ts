import type { Rect } from './window-bounds';

/**
 * The renderer reports a tab's content area in CSS pixels; a WebContentsView is placed in window DIPs.
 * They differ by the main page's zoom factor. Anything that is not a finite, non-negative rectangle is
 * refused: it comes from the renderer.
 */
export function toViewBounds(bounds: unknown, zoomFactor: number): Rect | null {
  if (typeof bounds !== 'object' || bounds === null) return null;
  const { x, y, width, height } = bounds as Record<string, unknown>;
  const values = [x, y, width, height];
  if (!values.every((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0)) return null;
  if (!Number.isFinite(zoomFactor) || zoomFactor <= 0) return null;
  const scale = (v: number): number => Math.round(v * zoomFactor);
  return { x: scale(x as number), y: scale(y as number), width: scale(width as number), height: scale(height as number) };
}
