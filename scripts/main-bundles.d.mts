// Types for the test that builds the main bundles with the build's own options.
import type { BuildOptions } from 'esbuild';

export declare const node: BuildOptions;
export declare const mainBundles: (outdir: string) => BuildOptions[];
