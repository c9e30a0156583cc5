/** The enterprise messenger returns to the console with `?code=…`, in the real query or the hash route's query. */
export const MESSENGER_CODE_PARAM = 'code';

export function messengerCodeOf(search: string, routeSearch: string): string | null {
  const code = new URLSearchParams(search).get(MESSENGER_CODE_PARAM) ?? new URLSearchParams(routeSearch).get(MESSENGER_CODE_PARAM);
  return code && code.trim() !== '' ? code.trim() : null;
}

/** A search string without the code, so a reload does not exchange a used code again. */
export function withoutMessengerCode(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(MESSENGER_CODE_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Codes already sent: a code is single-use, and React's development mode runs effects twice. */
const exchangedCodes = new Set<string>();

export function claimMessengerCode(code: string): boolean {
  if (exchangedCodes.has(code)) return false;
  exchangedCodes.add(code);
  return true;
}
