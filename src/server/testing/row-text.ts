import { LENGTH_END, VALUE_END } from '../exports/sheet-page';

/** A row's text as the database writes it for an export (`valuesOfRowText`), written here for the writer's tests. */
export const rowTextOf = (values: readonly (string | null)[], delimited: readonly boolean[]): string =>
  values.map((value, at) => (delimited[at] ? `${value ?? ''}${VALUE_END}` : value === null ? LENGTH_END : `${Buffer.byteLength(value, 'utf8')}${LENGTH_END}${value}`)).join('');
