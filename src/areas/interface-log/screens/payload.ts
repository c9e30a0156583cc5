/** JSON text pretty-printed with two spaces; any other text (a truncated body, a file name) exactly as stored. */
export function formatPayload(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
