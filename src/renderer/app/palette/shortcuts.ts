/** The console's keyboard commands (issue 13), one table for the handler and the shortcuts dialog. */
export type ShellCommand = 'palette' | 'shortcuts' | 'nextTab' | 'previousTab' | 'closeTab' | 'reopenTab' | 'focusFilter' | 'submitFilter';

export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * The shortcuts as the dialog lists them (Ctrl reads ⌘ on macOS). They avoid what a browser or the system keeps
 * for itself (Ctrl+W, Ctrl+Tab, Ctrl+Shift+T), so the browser host and the desktop app behave alike.
 */
export const SHORTCUTS: ReadonlyArray<{ command: ShellCommand; keys: string[] }> = [
  { command: 'palette', keys: ['Ctrl+K'] },
  { command: 'shortcuts', keys: ['Ctrl+/', '?'] },
  { command: 'nextTab', keys: ['Alt+PageDown'] },
  { command: 'previousTab', keys: ['Alt+PageUp'] },
  { command: 'closeTab', keys: ['Alt+W'] },
  { command: 'reopenTab', keys: ['Alt+Shift+T'] },
  { command: 'focusFilter', keys: ['Alt+F', '/'] },
  { command: 'submitFilter', keys: ['Enter', 'Ctrl+Enter'] },
];

/** Whether the key goes to a text the user is typing (a bare ? or / is then text, not a command). */
export function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || typeof element.tagName !== 'string') return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/** The command a key press means, or null. Letters are read from the physical key, so a keyboard layout or Alt's characters on macOS do not change them. */
export function commandOf(press: KeyPress, typing: boolean): ShellCommand | null {
  const mod = press.ctrlKey || press.metaKey;
  if (mod && !press.altKey && press.code === 'KeyK') return 'palette';
  if (mod && !press.altKey && (press.key === '/' || press.code === 'Slash')) return 'shortcuts';
  if (mod && !press.altKey && press.key === 'Enter') return 'submitFilter';
  if (press.altKey && !mod) {
    if (press.key === 'PageDown') return 'nextTab';
    if (press.key === 'PageUp') return 'previousTab';
    if (press.code === 'KeyW' && !press.shiftKey) return 'closeTab';
    if (press.code === 'KeyT' && press.shiftKey) return 'reopenTab';
    if (press.code === 'KeyF' && !press.shiftKey) return 'focusFilter';
  }
  if (!typing && !mod && !press.altKey) {
    if (press.key === '?') return 'shortcuts';
    if (press.key === '/') return 'focusFilter';
  }
  return null;
}
