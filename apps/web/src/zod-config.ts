import { z } from 'zod/v4';

/**
 * The web app's `zod`: vite.config.ts resolves every `import … from 'zod'` of the build (the
 * app's and packages/shared's) to this module, so zod is configured by the same module that
 * brings it, in whichever lazy chunk first needs it, and the first page carries no zod at all.
 *
 * Zod compiles a fast parser for each object schema with `new Function`, after a probe that
 * calls it once: under the page's Content-Security-Policy (no 'unsafe-eval') the probe is
 * refused and reported as a violation, and zod falls back to its plain parser anyway. Asking
 * for the plain parser from the start skips the probe. The choice is made when a schema is
 * built, and a module that imports `zod` runs after this one, so every schema is built after it.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
