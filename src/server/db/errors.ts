/**
 * The constraint a unique violation (SQLSTATE 23505) names, or undefined for any other error.
 * Drizzle wraps driver errors, so the cause chain is walked (pg and PGlite both carry `code`).
 */
export function isUniqueViolation(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint, detail } = e as { code?: string; constraint?: string; detail?: string };
    if (code === '23505') return constraint ?? detail ?? 'unique';
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error anywhere in the cause chain, or undefined. */
export function databaseErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The answer for a database refusal that reached the error handler: a safety net behind the
 * shared schemas and the services' own checks, so that input the schemas let through by mistake
 * is a 4xx, not a 500. Class 22 (data exception: a value out of range, text the database cannot
 * store) and check violations are the request's fault; unique and foreign-key violations,
 * serialisation failures and deadlocks are another request's change racing this one.
 */
export function databaseRefusalStatus(err: unknown): 400 | 409 | undefined {
  const code = databaseErrorCode(err);
  if (!code) return undefined;
  if (code.startsWith('22') || code === '23514' || code === '23502') return 400;
  if (code === '23505' || code === '23503' || code === '40001' || code === '40P01') return 409;
  return undefined;
}
