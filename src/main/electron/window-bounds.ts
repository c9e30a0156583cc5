/** Where the main window reopens: the saved bounds, unless no display shows enough of them any more. */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_SIZE = { width: 1440, height: 900 } as const;
export const MIN_WINDOW_SIZE = { width: 1024, height: 640 } as const;
/** A saved window must keep at least this much of its area on one display, so its title bar can be grabbed. */
const MIN_VISIBLE_PIXELS = 100 * 100;

function isRect(value: unknown): value is Rect {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return ['x', 'y', 'width', 'height'].every((k) => typeof r[k] === 'number' && Number.isFinite(r[k]));
}

function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

export interface RestoredWindow {
  /** Without x and y Electron centres the window. */
  bounds: Rect | { width: number; height: number };
  maximized: boolean;
}

/**
 * The bounds to open the window with: the saved ones when they are well-formed, at least the minimum
 * size, and visible on some display's work area (a monitor may have been unplugged); otherwise the
 * default size, centred. A window saved maximised reopens maximised.
 */
export function restoreWindowBounds(saved: unknown, workAreas: readonly Rect[]): RestoredWindow {
  if (!isRect(saved)) return { bounds: { ...DEFAULT_WINDOW_SIZE }, maximized: false };
  const maximized = (saved as { maximized?: unknown }).maximized === true;
  const bounds = {
    x: Math.round(saved.x),
    y: Math.round(saved.y),
    width: Math.max(MIN_WINDOW_SIZE.width, Math.round(saved.width)),
    height: Math.max(MIN_WINDOW_SIZE.height, Math.round(saved.height)),
  };
  const visible = workAreas.some((area) => overlapArea(bounds, area) >= MIN_VISIBLE_PIXELS);
  return { bounds: visible ? bounds : { width: bounds.width, height: bounds.height }, maximized };
}
