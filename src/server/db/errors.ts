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

/**
 * The database cannot be reached: the embedded one's thread has stopped, or a server connection
 * could not be made or was lost. Raised by our own drivers; a request meeting it answers 503.
 */
export class DatabaseUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailable';
  }
}

/** pg's own errors for a connection that failed or went away (it gives them no code). */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end|Connection terminated due to connection timeout)/;
/** Socket failures: the server refused, reset or never answered. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether a failure means the database is out of reach (503: try again soon), not that it refused
 * this request: our DatabaseUnavailable; a socket error; pg's lost-connection errors; a server
 * error ending the session (severity FATAL or PANIC: terminated by an administrator, shutting
 * down, not accepting connections, too many connections); SQLSTATE class 08 (connection
 * exception) and 57P01–57P03 (shutdown, crash, cannot connect now). The cause chain is walked.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof DatabaseUnavailable) return true;
    const { code, severity, message } = e as { code?: unknown; severity?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (SOCKET_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))
    )
      return true;
    if (severity === 'FATAL' || severity === 'PANIC') return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
