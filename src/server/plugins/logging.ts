import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values are secrets: links in mail carry `token`, forms `code`/`password`. */
const SECRET_QUERY = /([?&][^=&#]*(?:token|code|password|secret|key)[^=&#]*=)[^&#]*/gi;
const REDACTED = '[redacted]';

/** Paths that carry a secret: an invitation link's token (decision 015, step 3). */
const SECRET_PATH = /(\/api\/v1\/invitations\/)[^/?#]+/gi;

/** The URL as it may be logged: the values of secret-looking query parameters and path tokens replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, `$1${REDACTED}`).replace(SECRET_PATH, `$1${REDACTED}`);
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  constraint?: string;
  cause?: LoggedError;
}

/**
 * Errors as they may be logged: the message and stack without the parameters of a failed SQL
 * statement (Drizzle puts them in both), and none of the error's other properties (`params`,
 * a driver's `query`/`values`), only a few harmless ones. Causes are followed a few levels.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: REDACTED, stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown; constraint?: unknown; query?: unknown };
  // A failed statement's message is "Failed query: <sql>\nparams: <values>": keep the SQL only.
  const failedStatement = e.message.startsWith('Failed query: ') && typeof e.query === 'string';
  const message = failedStatement ? `Failed query: ${e.query}` : e.message;
  const out: LoggedError = {
    type: e.name,
    message,
    stack: (e.stack ?? '').replace(e.message, message),
  };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (typeof e.constraint === 'string') out.constraint = e.constraint;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/**
 * The logger the server runs with: request lines without secret query values, errors without
 * statement parameters, cookies and authorisation headers never written.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
      err: (err: Error) => serializeError(err),
    },
  };
}
