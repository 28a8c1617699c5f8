// The database thread's entry (pglite-thread.ts): a worker starts without the app's TypeScript
// loader, so it registers tsx before loading the worker itself. Plain JavaScript for that reason.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
