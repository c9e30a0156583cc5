/** One language's shared messages by key. */
export type Catalog = Record<string, string>;
