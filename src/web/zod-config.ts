// The store's CSP has no 'unsafe-eval'. Zod's fast path for objects first probes whether
// `new Function` works, and Chromium reports that probe as a CSP violation (a console error) on
// every page that builds a schema. Jitless mode skips the probe and the generated code.
//
// It must be set before any schema is built, so main.tsx imports this module first. Zod keeps
// its global config on `globalThis.__zod_globalConfig` (so that copies of zod share it) and
// adopts an object already there; setting it directly keeps zod itself out of the entry chunk
// (`import { config } from 'zod/v4/core'` would add 3.5 kB gzipped to every first load). The
// CSP journey in e2e/storefront.spec.ts fails if a zod update stops reading it.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
