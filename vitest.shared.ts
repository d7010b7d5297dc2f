// Settings every test project shares. In the repository, workspace packages resolve to
// their TypeScript sources through the `source` export condition (no build needed to
// test); published consumers get the built `dist/`. Code that Node itself loads (the
// worker script under worker_threads) uses the build.
const conditions = ['source', 'module', 'node', 'development|production'];

export const sourceResolve = {
  resolve: { conditions },
  ssr: { resolve: { conditions } },
};
