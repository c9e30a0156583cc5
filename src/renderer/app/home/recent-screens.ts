/** The screens a user opened most recently on this workstation, newest first (issue 13: Home). */

export const RECENT_SCREENS_MAX = 8;

/** One list per user and system: another user of the workstation, or another system, has its own. */
export function recentScreensKey(username: string, systemMenuId: number): string {
  return `console.recentScreens.${username}.${systemMenuId}`;
}

/** The list with `path` put first, each path once, at most RECENT_SCREENS_MAX. */
export function withRecent(recent: readonly string[], path: string): string[] {
  return [path, ...recent.filter((other) => other !== path)].slice(0, RECENT_SCREENS_MAX);
}

/** Reads a stored list; anything that is not a list of paths reads as empty. */
export function parseRecent(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.startsWith('/')).slice(0, RECENT_SCREENS_MAX) : [];
  } catch {
    return [];
  }
}
