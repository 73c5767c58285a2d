import { z } from 'zod';

/**
 * Zod compiles a fast parser for each object schema with `new Function`, after a probe that
 * calls it once: under the page's Content-Security-Policy (no 'unsafe-eval') the probe is
 * refused and reported as a violation, and zod falls back to its plain parser anyway. Asking
 * for the plain parser from the start skips the probe. Imported first by main.tsx, before any
 * module builds a schema, because the choice is made when a schema is built.
 */
z.config({ jitless: true });
