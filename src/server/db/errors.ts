/** SQLSTATE codes the services turn into caller errors. */
export const SqlState = {
  UniqueViolation: '23505',
  ForeignKeyViolation: '23503',
  /** A row still referenced through an ON DELETE RESTRICT key. */
  RestrictViolation: '23001',
} as const;

/**
 * The constraint a database error violated when its SQLSTATE is `state`, else null. Both drivers put
 * `code` and `constraint` on their error; drizzle wraps it (`DrizzleQueryError.cause`).
 */
export function violatedConstraint(error: unknown, state: string): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === state) return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}
