import type { z } from 'zod';
import { messages } from '#shared/messages.ts';
import type * as ApiSchemas from './api-schemas.ts';

/**
 * Responses are typed by the shared zod schemas and, in development and tests, parsed with them
 * so a drifted answer fails loudly. Production builds skip the parse: zod would add ~30 kB gzip
 * to every page, and the server's own tests already hold every answer to the same schemas.
 * Schemas are named rather than passed so that production bundles never import zod.
 */
export type SchemaName = keyof typeof ApiSchemas;
export type Parsed<K extends SchemaName> = z.infer<(typeof ApiSchemas)[K]>;

/** An API answer other than 2xx, carrying the server's `{ message, field? }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The body field the message is about, when the server names one. */
    readonly field?: string,
    /** The whole answer, for a refusal that says more than a message (an approval's changes). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'Cannot reach the store. Check your connection and try again.';

/**
 * A 503 with a short Retry-After asks to be asked again: the request waits that long and is sent
 * again, twice at most; a longer wait is shown to the buyer. A read is always sent again. A change
 * only when the store says it was too busy to begin it (shed under load, or no room to check a
 * password): other 503s (the database lost mid-request) cannot promise that nothing was done.
 */
export const BUSY_RETRIES = 2;
const BUSY_WAIT_MAX_S = 5;

async function busyWaitMs(res: Response, method: string): Promise<number | null> {
  if (res.status !== 503) return null;
  const seconds = Number(res.headers.get('retry-after'));
  if (!(Number.isFinite(seconds) && seconds > 0 && seconds <= BUSY_WAIT_MAX_S)) return null;
  if (method === 'GET') return seconds * 1000;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { message?: unknown } | null;
  return body?.message === messages.busy ? seconds * 1000 : null;
}

function pause(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

async function send(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, { ...init, headers: { accept: 'application/json', ...init?.headers } });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError(0, NETWORK_MESSAGE);
    }
    const wait = attempt < BUSY_RETRIES ? await busyWaitMs(res, init?.method ?? 'GET') : null;
    if (wait === null) return res;
    await res.body?.cancel();
    await pause(wait, init?.signal);
  }
}

async function request<K extends SchemaName>(url: string, schema: K, init?: RequestInit): Promise<Parsed<K>> {
  const res = await send(url, init);
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const { message, field } = (body ?? {}) as { message?: unknown; field?: unknown };
    throw new ApiError(
      res.status,
      typeof message === 'string' ? message : 'Oops! Something went wrong.',
      typeof field === 'string' ? field : undefined,
      body,
    );
  }
  if (import.meta.env.DEV) {
    const schemas = await import('./api-schemas.ts');
    return (schemas[schema] as unknown as z.ZodType<Parsed<K>>).parse(body);
  }
  return body as Parsed<K>;
}

export const apiGet = <K extends SchemaName>(url: string, schema: K, signal?: AbortSignal) =>
  request(url, schema, { signal });

export const apiSend = <K extends SchemaName>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body: unknown,
  schema: K,
) =>
  request(url, schema, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });

export const apiPost = <K extends SchemaName>(url: string, body: unknown, schema: K) =>
  apiSend('POST', url, body, schema);

/** Builds `/api/v1/<path>?…`, leaving out empty parameters; a list is the parameter repeated. */
export function apiUrl(
  path: string,
  params: Record<string, string | number | boolean | readonly string[] | undefined | null> = {},
): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (Array.isArray(v)) for (const item of v) qs.append(k, item);
    else if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `/api/v1/${path}${s ? `?${s}` : ''}`;
}
