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
