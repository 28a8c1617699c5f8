/**
 * Every operation of the OpenAPI document, fed hostile values as each role (anonymous, a buyer who
 * owns their company, a buyer and a viewer of that company, staff before and after their second
 * factor): no answer may be a 5xx. Values: NUL bytes, lone
 * UTF-16 surrogates, ids past int4 and 2^53, wrong types, empty, huge, truncated multipart and
 * CSV bodies. Each role gets a fresh session per operation (sign-out and the like end them).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { MAX_INPUT_DEPTH, TOO_DEEP } from '#shared/input/input.ts';
import { staffHelpers } from '#tests/staff.ts';
import { createTestApp, type TestContext, testClock } from '#tests/test-app.ts';
import { sessions } from './modules/accounts/accounts.table.ts';
import { createSession } from './modules/accounts/session.service.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  default?: unknown;
  minimum?: number;
  minLength?: number;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const LONE_SURROGATES = ['\ud800', 'a\udfffb'];
const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  ...LONE_SURROGATES,
  '',
  '  ',
  'x'.repeat(20_000),
  "' or 1=1--",
  '../../etc/passwd',
];
const HOSTILE_NUMBERS = [2147483648, -2147483649, 2 ** 53, 2 ** 53 + 2, 1e308, -1, 0, 1.5];
const HOSTILE_OTHERS = [null, true, [], {}, [[]], { '': '\u0000' }];
const BODY_VALUES: unknown[] = [...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, ...HOSTILE_OTHERS];
/** As they travel in a path or a query string (already percent-encoded). */
const URL_VALUES = [
  '2147483648',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '1e400',
  '%00',
  'a%00b',
  '%ED%A0%80', // a surrogate's UTF-8 form: not well-formed UTF-8
  '%C0%AF',
  '%ZZ',
  '%F0%9F%98%80',
  'x'.repeat(300),
  '..%2F..%2Fetc',
  'null',
  'SS-99999999999999999999',
  '00000000-0000-0000-0000-000000000000',
];

function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s, depth + 1)]),
      );
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'email') return 'someone@shop.example';
      if (schema.format === 'date') return '2027-01-01';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** Every body made by putting one hostile value at one place of a plausible body. */
function* hostileBodies(schema: JsonSchema | undefined): Generator<unknown> {
  const base = sample(schema);
  yield base;
  for (const v of BODY_VALUES) yield v; // the whole body
  function* walk(value: unknown, set: (v: unknown) => unknown, depth: number): Generator<unknown> {
    if (depth > 3) return;
    if (Array.isArray(value)) {
      if (!value.length) return;
      for (const v of BODY_VALUES) yield set([v]);
      yield* walk(value[0], (v) => set([v]), depth + 1);
    } else if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        const at = (v: unknown) => set({ ...(value as object), [key]: v });
        for (const v of BODY_VALUES) yield at(v);
        yield* walk((value as Record<string, unknown>)[key], at, depth + 1);
      }
    }
  }
  yield* walk(base, (v) => v, 0);
}

let t: TestContext;
const clock = testClock();
let buyerId: string;
let memberBuyerId: string;
let viewerId: string;
let staffId: string;
let halfwayStaffId: string;

/** Another login of the owner's company in a role (decision 015): raw rows, as companies.fixture.ts makes them. */
async function memberOf(ownerId: string, role: 'buyer' | 'viewer'): Promise<string> {
  const [u] = await t.database.query<{ id: string }>(
    `insert into users (email, password_hash, business_name, name, phone, email_verified_at, is_completed)
     values ($1, 'x', 'copy', $2, '', now(), true) returning id`,
    [`hostile-${role}-${Date.now()}@shop.example`, `Hostile ${role}`],
  );
  await t.database.query(
    `with moved as (update company_members set company_id = (select company_id from company_members where user_id = $2),
       role = $3 where user_id = $1 returning 1)
     delete from companies where id = $1`,
    [u!.id, ownerId, role],
  );
  return u!.id;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  buyerId = (await signUpBuyer(t.app)).user.id;
  memberBuyerId = await memberOf(buyerId, 'buyer');
  viewerId = await memberOf(buyerId, 'viewer');
  const staff = staffHelpers(() => t, clock);
  staffId = (await staff.staffWithTotp()).id;
  halfwayStaffId = (await staff.newStaff()).id;
});
afterAll(async () => t?.close());

async function cookieFor(role: string): Promise<string | undefined> {
  const ids: Record<string, string> = {
    buyer: buyerId,
    'member-buyer': memberBuyerId,
    viewer: viewerId,
    staff: staffId,
    'staff-no-2fa': halfwayStaffId,
  };
  const userId = ids[role] ?? null;
  if (!userId) return undefined;
  const { token } = await createSession(t.database.db, userId, false, clock());
  if (role === 'staff') {
    const db = t.database.db;
    await db.update(sessions).set({ secondFactorAt: clock() }).where(eq(sessions.userId, userId));
  }
  return `sid=${token}`;
}

const ROLES = ['anonymous', 'buyer', 'member-buyer', 'viewer', 'staff-no-2fa', 'staff'] as const;

let n = 0;
let requests = 0;
const failures: string[] = [];

/** One request as a role; a 5xx is recorded as a failure (with what was sent), the answer returned. */
async function send(
  role: string,
  cookie: string | undefined,
  method: string,
  url: string,
  body?: unknown,
  contentType?: string,
) {
  requests++;
  n++;
  const headers: Record<string, string> = { origin: ORIGIN };
  if (cookie) headers.cookie = cookie;
  let payload: string | Buffer | undefined;
  if (body !== undefined) {
    if (Buffer.isBuffer(body) || (typeof body === 'string' && contentType)) payload = body as string | Buffer;
    else payload = JSON.stringify(body);
    headers['content-type'] = contentType ?? 'application/json';
  }
  // A new client address each time: per-address rate limits must not hide a handler's failure.
  const remoteAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const res = await t.app.inject({ method: method as 'GET', url, headers, payload, remoteAddress });
  if (res.statusCode >= 500) {
    const shown = typeof body === 'string' ? body.slice(0, 80) : JSON.stringify(body)?.slice(0, 120);
    failures.push(
      `${role} ${method} ${url.slice(0, 160)} ${shown ?? ''} → ${res.statusCode} ${res.body.slice(0, 120)}`,
    );
  }
  return res;
}

async function apiDocument() {
  return (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
}

/**
 * The walk of every operation, in PARTS tests of a share each (every PARTS-th operation of the API
 * document): the whole walk is some 100,000 requests, and one test of it all would be decided by
 * its time limit on a busy machine; a part takes a fraction of its limit.
 */
const PARTS = 4;

test.each(Array.from({ length: PARTS }, (_, part) => part))(
  'no operation answers 5xx to hostile input, whatever the role (part %i of 4)',
  { timeout: 600_000 },
  async (part) => {
    const doc = await apiDocument();
    failures.length = 0;
    requests = 0;
    let operations = 0;
    let index = -1;
    for (const [template, methods] of Object.entries(doc.paths)) {
      if (template.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(methods)) {
        index++;
        if (index % PARTS !== part) continue;
        operations++;
        const params = op.parameters ?? [];
        const pathParams = params.filter((p) => p.in === 'path');
        const queryParams = params.filter((p) => p.in === 'query');
        const fill = (values: Record<string, string>) =>
          template.replace(
            /\{(\w+)\}/g,
            (_, name) =>
              values[name] ??
              encodeURIComponent(String(sample(pathParams.find((p) => p.name === name)?.schema))),
          );
        const query = (values: Record<string, string>) => {
          const qs = Object.entries(values)
            .map(([k, v]) => `${k}=${v}`)
            .join('&');
          return qs ? `?${qs}` : '';
        };
        const plainQuery = Object.fromEntries(
          queryParams.map((p) => [p.name, encodeURIComponent(String(sample(p.schema)))]),
        );
        const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
        const hasBody = method === 'post' || method === 'put' || method === 'patch';

        for (const role of ROLES) {
          // The event stream answers a signed-in buyer with a stream that never ends.
          if (template === '/api/v1/events' && role !== 'anonymous') continue;
          const cookie = await cookieFor(role);
          const M = method.toUpperCase();
          const plain = fill({});
          for (const p of pathParams)
            for (const v of URL_VALUES)
              await send(
                role,
                cookie,
                M,
                fill({ [p.name]: v }) + query(plainQuery),
                hasBody ? sample(jsonSchema) : undefined,
              );
          for (const p of queryParams) {
            for (const v of URL_VALUES)
              await send(role, cookie, M, plain + query({ ...plainQuery, [p.name]: v }));
            await send(role, cookie, M, `${plain}${query(plainQuery)}&${p.name}=1&${p.name}=2`);
          }
          if (!hasBody) {
            await send(role, cookie, M, plain + query(plainQuery));
            continue;
          }
          for (const body of hostileBodies(jsonSchema)) await send(role, cookie, M, plain, body);
          // Bodies that are not JSON at all, or not what the route reads.
          await send(role, cookie, M, plain, '{"a":', 'application/json');
          await send(role, cookie, M, plain, '"\\u0000"', 'application/json');
          await send(role, cookie, M, plain, '{"email":"\\ud800"}', 'application/json');
          await send(role, cookie, M, plain, 'sku,name\n\u0000,\ud800\n"unterminated', 'text/csv');
          await send(role, cookie, M, plain, Buffer.from([0xff, 0xfe, 0x00, 0xc3]), 'text/csv');
          const boundary = 'hostileboundary';
          const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`;
          await send(role, cookie, M, plain, truncated, `multipart/form-data; boundary=${boundary}`);
          await send(
            role,
            cookie,
            M,
            plain,
            `--${boundary}--\r\n`,
            `multipart/form-data; boundary=${boundary}`,
          );
          await send(role, cookie, M, plain, 'garbage', 'multipart/form-data');
          await send(role, cookie, M, plain, 'a=%00&b=%ED%A0%80', 'application/x-www-form-urlencoded');
        }
      }
    }
    console.info(
      `hostile input, part ${part} of ${PARTS}: ${operations} operations × ${ROLES.length} roles, ${requests} requests, ${failures.length} answered 5xx`,
    );
    expect(operations).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  },
);

/** Objects (`{"a":…}`) or arrays (`[…]`) nested `levels` deep, as text (JSON.stringify would recurse). */
function nested(levels: number, shape: 'object' | 'array'): string {
  return shape === 'object'
    ? `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`
    : `${'['.repeat(levels)}${']'.repeat(levels)}`;
}

/** A flat object of `count` keys (short ones, so that 100,000 stay under the body limit). */
function wide(count: number): string {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) keys.push(`"${i.toString(36)}":0`);
  return `{${keys.join(',')}}`;
}

/** The route's plausible body with its first field replaced by `value` (JSON text): a field's nesting. */
function inField(schema: JsonSchema | undefined, value: string): string {
  const base = sample(schema);
  if (!base || typeof base !== 'object' || Array.isArray(base) || !Object.keys(base).length)
    return `{"x":${value}}`;
  const [first, ...rest] = Object.keys(base);
  const others = rest.map(
    (k) => `,${JSON.stringify(k)}:${JSON.stringify((base as Record<string, unknown>)[k])}`,
  );
  return `{${JSON.stringify(first)}:${value}${others.join('')}}`;
}

const LEVELS = [MAX_INPUT_DEPTH, MAX_INPUT_DEPTH + 1, 1_000, 10_000, 100_000];

test('bodies nested at the limit, past it and 100,000 deep, or 100,000 keys wide: never 5xx, and past the limit a 400 before the route', {
  timeout: 600_000,
}, async () => {
  const doc = await apiDocument();
  failures.length = 0;
  requests = 0;
  const wrong: string[] = [];
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  let slowest = { ms: 0, what: '' };
  const flat = wide(100_000);
  for (const [path, methods] of Object.entries(doc.paths)) {
    const url = path.replace(/\{(\w+)\}/g, '1');
    for (const [method, op] of Object.entries(methods)) {
      if (!['post', 'put', 'patch'].includes(method)) continue;
      const schema = op.requestBody?.content?.['application/json']?.schema;
      for (const role of ROLES) {
        const cookie = await cookieFor(role);
        const bodies: [string, string, number][] = [];
        for (const levels of LEVELS)
          for (const shape of ['object', 'array'] as const) {
            bodies.push([`${levels} ${shape}s`, nested(levels, shape), levels]);
            bodies.push([
              `${levels} ${shape}s in a field`,
              inField(schema, nested(levels - 1, shape)),
              levels,
            ]);
          }
        bodies.push(['100,000 keys', flat, 1], ['100,000 keys in a field', inField(schema, flat), 2]);
        for (const [what, body, levels] of bodies) {
          const started = performance.now();
          const res = await send(role, cookie, method.toUpperCase(), url, body, 'application/json');
          const ms = performance.now() - started;
          if (ms > slowest.ms) slowest = { ms, what: `${role} ${method} ${url} ${what}` };
          const refusedForDepth = res.statusCode === 400 && res.json().message === TOO_DEEP;
          // Past the limit: refused for its depth, unless the route's access check refused it first.
          if (levels > MAX_INPUT_DEPTH && !refusedForDepth && ![401, 403].includes(res.statusCode))
            wrong.push(`${role} ${method} ${url} ${what} → ${res.statusCode} ${res.body.slice(0, 100)}`);
          // At the limit or within it, the depth is never the reason.
          if (levels <= MAX_INPUT_DEPTH && refusedForDepth)
            wrong.push(`${role} ${method} ${url} ${what} refused`);
        }
      }
    }
  }
  loop.disable();
  const longestStall = loop.max / 1e6;
  console.info(
    `nesting: ${requests} requests, ${failures.length} answered 5xx; slowest ${slowest.ms.toFixed(0)} ms (${slowest.what}); longest event-loop stall ${longestStall.toFixed(0)} ms`,
  );
  expect(failures).toEqual([]);
  expect(wrong).toEqual([]);
  // Responsive throughout: no request held the event loop for seconds (each takes milliseconds).
  expect(longestStall).toBeLessThan(2_000);
});
