import type { PGliteOptions } from '@electric-sql/pglite';

/**
 * How the server opens PGlite. PGlite keeps PostgreSQL's default of 128 MB of shared buffers inside the
 * server's own process, and an export that reads a large table through fills them all. The data files are
 * still in the operating system's page cache, so 8 MB costs little speed and keeps the server about 120 MB
 * smaller (issue 11: 16 MB peaked 7 MB higher in the 1,000,000-row export). PGlite writes this into the data
 * folder's postgresql.conf each time it opens it.
 */
export const PGLITE_OPTIONS = { postgresqlconf: 'shared_buffers = 8MB' } as const satisfies PGliteOptions;
