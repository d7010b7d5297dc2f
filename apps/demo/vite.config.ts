/**
 * The demo's Vite config.
 *
 * - Cross-origin isolation: COOP same-origin + COEP require-corp on the dev server and on
 *   `vite preview`, so SharedArrayBuffer exists and @impulse/worker shares transforms.
 *   A static host without these headers still runs the demo on the transfer fallback.
 * - Workspace packages resolve to their built `dist/` (the README's start command builds
 *   them first), exactly as an app that installed them from npm sees them.
 * - The physics worker: @impulse/worker's default factory is
 *   `new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })`. Vite 8
 *   resolves it in dev and bundles it in build with no setting (worker.format 'es' keeps it
 *   a module worker); test/outside_app.test.ts checks both modes from the packed tarballs.
 *   Do not exclude @impulse/worker alone from optimizeDeps: see docs/demo.md.
 * - The isolation headers go on every response, 304 Not Modified included: `preview.headers`
 *   alone misses the 304 of a revalidated file (Cache-Control: no-cache), and WebKit then
 *   refuses the cached worker script under COEP (every second `new Worker` failed with a
 *   bare error event in WebKitGTK). A middleware ahead of the static server sets them first.
 */
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';

export const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** Sets the isolation headers before any other middleware answers, so a 304 carries them too. */
function isolationOnEveryResponse(): Plugin {
  const use = (server: { middlewares: Connect.Server }): void => {
    server.middlewares.use((_req, res, next) => {
      for (const [name, value] of Object.entries(isolationHeaders)) res.setHeader(name, value);
      next();
    });
  };
  return { name: 'impulse-isolation-headers', configureServer: use, configurePreviewServer: use };
}

export default defineConfig({
  plugins: [react(), isolationOnEveryResponse()],
  base: './',
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1000 },
});
