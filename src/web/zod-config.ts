import { z } from 'zod';

// The store's CSP has no 'unsafe-eval'. Zod's fast path for objects first probes whether
// `new Function` works, and Chromium reports that probe as a CSP violation (a console error) on
// every page that builds a schema. Jitless mode skips the probe and the generated code; it must
// run before any schema is built, so main.tsx imports this module first.
z.config({ jitless: true });
