import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from './db/pool-size.ts';

const Bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * A whole-number setting from `min` to `max`: empty is unset (`fallback`); blanks, words, fractions
 * and numbers out of range are refused with a message naming it (a blank is not read as 0).
 */
function wholeNumber(name: string, min: number, max: number, fallback: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' && v.trim() === '' ? Number.NaN : v),
    z.coerce.number({ message }).int(message).min(min, message).max(max, message).default(fallback),
  );
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** 0 listens on a free port the system picks. */
  PORT: wholeNumber('PORT', 0, 65535, 3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Connections to the PostgreSQL server per instance (see DEFAULT_POOL_SIZE); empty is unset. */
  DATABASE_POOL_SIZE: wholeNumber('DATABASE_POOL_SIZE', 1, 100, DEFAULT_POOL_SIZE),
  STORE_NAME: z.string().min(1).max(60).default('Smokestack Wholesale'),
  STORE_SHORT_NAME: z.string().min(1).max(30).default('Smokestack'),
  SEED_DEMO: Bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: Bool.default(false),
  BUILD_WEB: Bool.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).optional(),
  /** Seals staff TOTP keys in the database; by default DATA_DIR/secret.key, made on first start. */
  SECRET_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Where files live: unset for DATA_DIR, or s3://bucket/prefix?endpoint=…&region=… (see docs/operations.md). */
  STORAGE_URL: z
    .string()
    .regex(/^(s3:\/\/[^/?#]+|file:)/, 'STORAGE_URL must be s3://bucket/prefix or file:///directory')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Turns on GET /metrics for requests with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .url({ message: 'PUBLIC_URL must be a URL such as https://shop.example.com' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: the pool's connections to the PostgreSQL server. */
  databasePoolSize: number;
  storeName: string;
  storeShortName: string;
  seedDemo: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  /** The public address of the site, for links in mail; defaults to http://localhost:PORT. */
  publicUrl: string;
  /** Outgoing mail server; without it mail is printed to the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SECRET_KEY, if set (see security/secret-box.ts). */
  secretKey: string | undefined;
  /** STORAGE_URL, if set: an S3-compatible bucket (or another directory) for pictures and documents. */
  storageUrl: string | undefined;
  /** METRICS_TOKEN, if set: /metrics answers requests that carry it. */
  metricsToken: string | undefined;
  /** Build the SPA at start-up when dist/web is missing or stale. */
  buildWeb: boolean;
  /** Where the built SPA lives. */
  webDist: string;
}

/** Parses process.env once; a bad value fails fast with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    storeName: e.STORE_NAME,
    storeShortName: e.STORE_SHORT_NAME,
    // Demo data is on by default for a newcomer, never in production unless asked for.
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    buildWeb: e.BUILD_WEB,
    smtpUrl: e.SMTP_URL,
    secretKey: e.SECRET_KEY,
    storageUrl: e.STORAGE_URL,
    metricsToken: e.METRICS_TOKEN,
    mailFrom:
      e.MAIL_FROM ?? `"${e.STORE_NAME}" <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    webDist: path.resolve('dist/web'),
  };
}

export class ConfigError extends Error {}
