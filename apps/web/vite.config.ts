import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server `npm run dev` starts beside Vite; override when it listens elsewhere.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

// Everything the server answers itself; /vx and /ads are the product's non-/v3 API paths; the
// provider popups (`^` keys are patterns, so a profile like /connectfan stays with the app).
const serverPaths = ['/v3', '/vx', '/ads', '/media', '/healthz', '/__dev', '^/connect/', '^/sso/'];

const require = createRequire(import.meta.url);

/** A file of react-router's production build (dist/production, beside its package.json). */
function reactRouterBuild(file: string) {
  return path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production', file);
}

/**
 * Writes `.br` and `.gz` beside every text asset once, at build time, so the server sends
 * compressed files without compressing per request (about a third of the bytes on slow links).
 */
function precompress(): Plugin {
  return {
    name: 'pinboard-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const body = await readFile(file);
          if (body.length < 1024) return;
          await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
          await writeFile(
            `${file}.br`,
            brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
      );
    },
  };
}

// `vite build` writes the browser's app into dist; `vite build --ssr src/entry-server.tsx` the
// server's renderer of the same app into dist/server (the web build script runs both).
export default defineConfig(({ command, isSsrBuild }) => ({
  // Pinned so `vite build` from the repo root (or a script) still finds index.html.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  resolve: {
    alias: [
      // zod comes configured for the page's CSP, from the module that configures it
      // (src/zod-config.ts, which imports the package as 'zod/v4'), with the chunk that needs it.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-config.ts', import.meta.url)) },
      // react-router's package exports name only its development build (dev warnings on), for
      // production bundles too; its production build is the same code with them off. The
      // server's renderer takes the package from node_modules like its other packages.
      ...(command === 'build' && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: isSsrBuild
    ? {
        // Node loads it from disk: no compressed copies, no manifest, no chunk groups; its
        // packages (React, React Router, TanStack Query) come from node_modules at run time.
        outDir: 'dist/server',
        emptyOutDir: true,
        cssCodeSplit: false,
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The server reads it to preload a route's lazy chunks with that route's HTML (the home feed).
        manifest: true,
        // One stylesheet for every page (under 10 KB gzipped): the server inlines it into the home
        // page so the first row paints without waiting for it, and no route then waits for its own.
        cssCodeSplit: false,
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
          },
        },
      },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiTarget }])),
  },
}));
