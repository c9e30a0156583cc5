import type { TFunction } from 'i18next';
import type { MessageKey } from '../../i18n/message-key';
import type { RowId } from './selection';

/** How many chosen rows the delete question names; the rest it counts. */
export const NAMES_IN_QUESTION = 5;

export interface DeleteQuestionOptions<Row> {
  ids: readonly RowId[];
  /** The rows on view (every row, where they nest), to find the chosen ones by id. */
  rows: Iterable<Row>;
  getRowId: (row: Row) => RowId;
  /** Names a row; without it the question only counts. */
  itemLabel?: (row: Row) => string;
  /** The question in the screen's words, for `count` rows and their joined `names`. */
  question?: DeleteQuestionWords;
}

/**
 * The question before a delete (spec 000 §5 'Delete asks for confirmation'), saying what goes and how
 * many: 'Delete 3 users: zhang, li, wang?'. Past `NAMES_IN_QUESTION` names it adds how many more.
 */
/**
 * The question in the screen's words: a function of the count and the joined names, or the keys of its
 * two texts, `one` for a single row (given `names`) and `many` (given `count` and `names`).
 */
export type DeleteQuestionWords = ((count: number, names: string) => string) | { one: MessageKey; many: MessageKey };

export function deleteQuestion<Row>(t: TFunction, options: DeleteQuestionOptions<Row>): string {
  const { ids, rows, getRowId, itemLabel, question } = options;
  const count = ids.length;
  if (!itemLabel) return count === 1 ? t('message.confirmDelete') : t('list.deleteCount', { count });
  const byId = new Map<RowId, Row>();
  for (const row of rows) byId.set(getRowId(row), row);
  const labels = ids.slice(0, NAMES_IN_QUESTION).map((id) => {
    const row = byId.get(id);
    return row === undefined ? String(id) : itemLabel(row);
  });
  const rest = count - labels.length;
  const names = labels.join(t('list.nameSeparator')) + (rest > 0 ? t('list.andMore', { count: rest }) : '');
  if (typeof question === 'function') return question(count, names);
  if (question) return count === 1 ? t(question.one, { names }) : t(question.many, { count, names });
  return count === 1 ? t('list.deleteOne', { names }) : t('list.deleteMany', { count, names });
}
