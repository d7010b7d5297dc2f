/**
 * Builds the size fixture as an app that installed the packages would: the packages'
 * built dist/ (run `pnpm build` first), production mode, Vite's defaults otherwise, with
 * the one setting @impulse/worker's README recommends, `worker.format: 'es'`: an ES worker
 * loads each alternative solver kind as a chunk of its own when a world first asks for it,
 * while Vite's default worker format, `iife`, cannot load a chunk later and so inlines every
 * kind into the worker (docs/solvers.md, "Bundle size"). React (react, react-dom, scheduler)
 * goes to a chunk of its own, so what the page loads at start less that chunk (the entry and
 * the chunks it imports statically: main_thread.mjs) is Impulse's share of the main thread,
 * with the app's few lines and the packages' dependencies, comlink and zustand. Fixed file
 * names let the budgets (.size-limit.mjs) name the files; source maps let report.mjs say
 * which package and file each byte comes from.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  logLevel: 'warn',
  build: {
    sourcemap: true,
    // which chunks the entry imports statically: main_thread.mjs follows them for the budget
    manifest: true,
    rolldownOptions: {
      // the worker-URL transform is slow on a busy machine, and says so: not this check's concern
      checks: { bundlerTimings: false },
      output: {
        entryFileNames: 'assets/main.js',
        chunkFileNames: 'assets/[name].js',
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  worker: {
    format: 'es',
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // the physics worker, and the solver helpers it starts (a worker bundle of their own,
      // the core's block functions in it: not part of the physics worker's budget)
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'world_helper_browser' ? 'assets/solver-helper.js' : 'assets/worker.js',
        chunkFileNames: 'assets/worker-[name].js',
      },
    },
  },
});
