import { z } from 'zod';
import { ImportAction } from '../constants';

/**
 * The dry run of an .xlsx import, shared by every screen that imports (dictionaries, multilingual text): each
 * row the import would add, change or refuse, and a digest that names this exact plan, so applying it is
 * refused once the file or the stored records differ.
 */
export function importReportRowOf<Fields extends z.ZodRawShape>(fields: Fields) {
  return z.object({
    /** The row's number in the sheet (the header is row 1). */
    row: z.number().int(),
    action: z.enum([ImportAction.Add, ImportAction.Change, ImportAction.Refuse]),
    ...fields,
    /** What a change changes, column by column. */
    changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
    /** Why a row is refused, in the caller's language. */
    reason: z.string().nullable(),
  });
}

export function importReportOf<Row extends z.ZodType>(row: Row) {
  return z.object({
    fileName: z.string(),
    digest: z.string(),
    counts: z.object({ add: z.number().int(), change: z.number().int(), unchanged: z.number().int(), refuse: z.number().int() }),
    /** The rows that add, change or are refused, in the order of the sheet; unchanged rows are only counted. */
    rows: z.array(row),
  });
}

/** What every row of an import report has, whatever record it names. */
export type ImportRowBase = z.infer<ReturnType<typeof importReportRowOf<Record<never, z.ZodType>>>>;

/** An import report whose rows are `Row`. */
export interface ImportReportOf<Row extends ImportRowBase> {
  fileName: string;
  digest: string;
  counts: { add: number; change: number; unchanged: number; refuse: number };
  rows: Row[];
}
