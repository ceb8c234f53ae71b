// Types for node-runtime.mjs (a plain module: setup runs before anything is installed).
export declare const MIN_NODE: string;
export declare const BUNDLED: { pkg: string; version: string };
export declare const BUNDLED_PLATFORMS: string[];
export declare function meetsMinimum(version: string): boolean;
export declare function chooseNode(o: {
  hostVersion: string;
  platform: string;
  arch: string;
  optOut?: boolean;
  hostIsBundled?: boolean;
}): { use: 'host' | 'bundled'; why: string };
export declare function bundledPaths(dir?: string): {
  prefix: string;
  nodedir: string;
  bin: string;
  link: string;
};
