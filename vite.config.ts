import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkModulesPlugin } from './scripts/chunk-modules-plugin.ts';
import { DEXIE_MODERN } from './scripts/dexie-modern.ts';

// The API and WebSocket server (server/main.ts) listens on 8080 in `npm start`;
// in `npm run dev` it listens on API_PORT (default 8081) and Vite proxies to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;

export default defineConfig({
  plugins: [react(), chunkModulesPlugin()],
  resolve: { alias: [{ find: /^dexie$/, replacement: DEXIE_MODERN }] },
  server: {
    port: 8080,
    proxy: {
      '/api': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser with service workers and ES modules preloads modules natively (docs/first-load.md).
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: which chunks each entry and lazy page imports (bench, e2e).
    manifest: true,
  },
});
