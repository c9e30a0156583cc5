import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { SORT_ORDERS } from './list-sort';
import { ListViewLimits as L } from './rules';

/**
 * Saved list views (issue 13): what a list screen keeps per user in the desktop settings, written once for the
 * core (which validates every save) and the renderer (which builds and reads them). A view is the applied
 * filters, the sort, the column layout and the page size; a screen keeps its views, the default one, and its
 * current column layout.
 */

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} must be a text` })
    .min(1, { message: `${what} must not be empty` })
    .max(max, { message: `${what} must be at most ${max} characters` });

/** A list's route path (`/userManage`), optionally followed by `@` and the list's own id. */
export const listScreenKeySchema = text('screen', L.screenKeyMax).regex(/^\/[A-Za-z0-9/_.:-]*(?:@[A-Za-z0-9_.-]+)?$/, { message: 'screen must be a route path such as /userManage' });

const columnKey = text('column key', L.columnKeyMax);

export const columnLayoutSchema = z
  .object({
    /** Column keys in the order shown; columns not named keep their place after these. */
    order: z
      .array(columnKey)
      .max(L.columns, { message: `columns.order must name at most ${L.columns} columns` })
      .optional(),
    hidden: z
      .array(columnKey)
      .max(L.columns, { message: `columns.hidden must name at most ${L.columns} columns` })
      .optional(),
    widths: z
      .record(
        columnKey,
        z
          .number({ error: 'a column width must be a number' })
          .int({ message: 'a column width must be a whole number of pixels' })
          .min(L.columnWidthMin, { message: `a column width must be at least ${L.columnWidthMin} pixels` })
          .max(L.columnWidthMax, { message: `a column width must be at most ${L.columnWidthMax} pixels` }),
      )
      .optional(),
  })
  .strict();
export type ColumnLayout = z.infer<typeof columnLayoutSchema>;

const filterValue = z.union([z.string().max(L.filterTextMax, { message: `a filter text must be at most ${L.filterTextMax} characters` }), z.number().finite(), z.boolean(), z.null()], {
  error: 'a filter value must be a text, a number, true/false or null',
});

export const listViewStateSchema = z
  .object({
    filters: z
      .record(text('filter name', L.filterKeyMax), filterValue)
      .refine((filters) => Object.keys(filters).length <= L.filterFields, { message: `a view holds at most ${L.filterFields} filters` })
      .optional(),
    sort: z
      .object({ column: text('sort column', L.columnKeyMax), order: z.enum(SORT_ORDERS, { error: 'sort order must be asc or desc' }) })
      .strict()
      .nullable()
      .optional(),
    columns: columnLayoutSchema.optional(),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE, { message: `pageSize must be at most ${MAX_PAGE_SIZE}` })
      .optional(),
  })
  .strict();
export type ListViewStateData = z.infer<typeof listViewStateSchema>;

/** A view's name as the user wrote it: trimmed, 1–50 characters. */
export const listViewNameSchema = z
  .string({ error: 'a view name must be a text' })
  .trim()
  .min(1, { message: 'a view name must not be empty' })
  .max(L.nameMax, { message: `a view name must be at most ${L.nameMax} characters` });

/** Names compare as the user reads them: trimmed, case-insensitive. */
export function sameViewName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

export const savedListViewSchema = z.object({ name: listViewNameSchema, state: listViewStateSchema }).strict();
export type SavedListView = z.infer<typeof savedListViewSchema>;

export const screenListViewsSchema = z
  .object({
    views: z.array(savedListViewSchema).max(L.viewsPerScreen, { message: `a screen keeps at most ${L.viewsPerScreen} views` }),
    /** The name of the view applied when the screen opens; null for none. */
    defaultView: z.string().nullable(),
    /** The column layout on view, kept across restarts; null for the screen's own. */
    layout: columnLayoutSchema.nullable(),
  })
  .strict()
  .superRefine((value, context) => {
    value.views.forEach((view, index) => {
      if (value.views.findIndex((other) => sameViewName(other.name, view.name)) !== index) {
        context.addIssue({ code: 'custom', path: ['views', index, 'name'], message: `a view named "${view.name}" already exists on this screen` });
      }
    });
    if (value.defaultView !== null && !value.views.some((view) => view.name === value.defaultView)) {
      context.addIssue({ code: 'custom', path: ['defaultView'], message: `the default view "${value.defaultView}" is not one of the screen's views` });
    }
  });
export type ScreenListViews = z.infer<typeof screenListViewsSchema>;

export const NO_SCREEN_VIEWS: ScreenListViews = { views: [], defaultView: null, layout: null };

/** Every screen's views of the signed-in user, by screen key: what the bridge's `listViews.all` answers. */
export type UserListViews = Readonly<Record<string, ScreenListViews>>;

/** The bridge's `listViews.save` request. */
export interface ListViewsSave {
  screen: string;
  state: ScreenListViews;
}
