// The PGlite worker's entry (see pglite-thread.ts): a worker does not inherit the main thread's
// loader hooks, and `--import tsx` in its execArgv comes too late for its first module on Node 20,
// so this registers tsx, found from here whatever the working directory, then loads the worker.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
