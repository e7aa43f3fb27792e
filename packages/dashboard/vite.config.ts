import { defineConfig } from 'vite';

// The dashboard is served by the Locator server at /dashboard/ (packages/server/src/features/dashboard/): file names
// carry a hash of their content, so the server can let browsers keep them for a year, and only index.html is asked
// for again. `npm run dev -w @locator/dashboard` serves it with the API of a server on port 8080 (or `LOCATOR_API`).

/** The server `npm run dev` sends `/api` to. */
const API = process.env.LOCATOR_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/dashboard/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // The first screen's size is reported by the build (gzip column) and documented in docs/dashboard.md.
    reportCompressedSize: true,
  },
  server: {
    proxy: {
      '/api': {
        target: API,
        // The API refuses a session's writes from another origin: the proxied requests say they come from its own.
        configure: (proxy) => proxy.on('proxyReq', (request) => request.setHeader('origin', API)),
      },
    },
  },
});
