import { createHash } from 'node:crypto';
import type { ZodError } from 'zod';
import { ResponseCode } from '../../shared/codes';
import { listScreenKeySchema, screenListViewsSchema, type ListViewsSave, type ScreenListViews, type UserListViews } from '../../shared/list-views';
import { ListViewLimits } from '../../shared/rules';
import { CodedError, InputError } from './errors';
import type { KeyValueStore } from './settings';

/** Whose views are read and written: the signed-in user on the server the session belongs to. */
export interface ListViewsOwner {
  /** Null without a session: then nothing is read or written. */
  userId(): number | null;
  /** The server the user belongs to (its URL, or the embedded server's data folder). */
  serverKey(): string;
}

export interface ListViews {
  all(): UserListViews;
  save(request: ListViewsSave): ScreenListViews;
}

const STORE_KEY = 'listViews';
const NOT_SIGNED_IN_MSG = 'Saved views belong to a signed-in user: sign in first';

/**
 * Saved list views in the desktop settings (electron-store / conf), one entry per user and server: the entry's
 * key is a hash of both, since a server URL holds dots (the stores' path separator) and a user id alone would be
 * shared by two servers' users. Every save is validated whole before anything is written.
 */
export function createListViews(store: KeyValueStore, owner: ListViewsOwner): ListViews {
  const entryKey = (): string => {
    const userId = owner.userId();
    if (userId === null) throw new CodedError(ResponseCode.Unauthorized, NOT_SIGNED_IN_MSG);
    const digest = createHash('sha256').update(`${owner.serverKey()}\n${userId}`).digest('hex').slice(0, 32);
    return `${STORE_KEY}.${digest}`;
  };
  const readEntry = (key: string): Record<string, unknown> => {
    const stored = store.get(key);
    return stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  };

  return {
    all() {
      const views: Record<string, ScreenListViews> = {};
      // A stored screen that no longer passes the rules (an older version wrote it) reads as none.
      for (const [screen, stored] of Object.entries(readEntry(entryKey()))) {
        const parsed = screenListViewsSchema.safeParse(stored);
        if (listScreenKeySchema.safeParse(screen).success && parsed.success) views[screen] = parsed.data;
      }
      return views;
    },
    save(request) {
      const screen = screenOf(request);
      const parsed = screenListViewsSchema.safeParse(request.state);
      if (!parsed.success) throw new InputError(`saved views of ${screen}: ${issueText(parsed.error)}`);
      const state = parsed.data;
      if (JSON.stringify(state).length > ListViewLimits.screenChars) {
        throw new InputError(`saved views of ${screen} are too large: at most ${ListViewLimits.screenChars} characters as stored`);
      }
      const key = entryKey();
      const entry = { ...readEntry(key) };
      const empty = state.views.length === 0 && state.layout === null;
      if (empty) delete entry[screen];
      else entry[screen] = state;
      if (JSON.stringify(entry).length > ListViewLimits.userChars) {
        throw new InputError(`saved views of this user are too large: at most ${ListViewLimits.userChars} characters for all screens; delete views of other screens first`);
      }
      store.set(key, entry);
      return state;
    },
  };
}

function screenOf(request: unknown): string {
  if (request === null || typeof request !== 'object' || Array.isArray(request)) throw new InputError('the request must be an object of fields');
  const parsed = listScreenKeySchema.safeParse((request as { screen?: unknown }).screen);
  if (!parsed.success) throw new InputError(issueText(parsed.error));
  return parsed.data;
}

/** The first problem, named by where it is: `views.2.name: a view named "x" already exists`. */
function issueText(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') return `${where ? `${where}: ` : ''}${issue.keys.join(', ')} is not a known field`;
  return where ? `${where}: ${issue.message}` : issue.message;
}
