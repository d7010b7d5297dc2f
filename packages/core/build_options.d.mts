// The types of build_options.mjs, for test/entries.test.ts.
import type { BuildOptions } from 'esbuild';

export declare const entryPoints: Record<string, string>;
export declare const bundleOptions: BuildOptions;
