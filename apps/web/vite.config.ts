import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server `npm run dev` starts beside Vite; override when it listens elsewhere.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

// Everything the server answers itself; /vx and /ads are the spec's non-/v3 API paths.
const serverPaths = ['/v3', '/vx', '/ads', '/media', '/healthz', '/__dev'];

export default defineConfig({
  // Pinned so `vite build` from the repo root (or a script) still finds index.html.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiTarget }])),
  },
});
