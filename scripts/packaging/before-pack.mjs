// electron-builder `beforePack` hook: the native modules are rebuilt for Electron in a staging
// copy (.cache/native/<platform>-<arch>), never in the working node_modules, so `npm test`, the
// relay and the development host keep their Node builds after `npm run dist`. electron-builder's
// own rebuild (`npmRebuild`) is off because it rebuilds node_modules in place.
// BALCAO_NATIVE_DIR, when set, names an already staged folder and skips the rebuild; either way
// the afterPack check refuses a module built for another runtime.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the packed app loads from node_modules (electron-builder.yml `files`). */
export const NATIVE_PACKAGES = ['keytar', 'better-sqlite3'];
const HELPERS = ['bindings', 'file-uri-to-path', 'node-addon-api', '@napi-rs'];
// Read once when electron-builder loads the hook, before this hook sets it for the first arch.
const preStaged = process.env.BALCAO_NATIVE_DIR;

export default async function beforePack(context) {
  const root = context.packager.info.projectDir;
  // electron-builder resolves `from` against the project before expanding the macro: relative.
  const use = (dir) =>
    (process.env.BALCAO_NATIVE_DIR = path.relative(root, path.resolve(root, dir)));
  if (preStaged) return use(preStaged);
  const version = context.packager.info.framework.version;
  const arch = archName(context.arch);
  const stage = path.join(root, '.cache', 'native', `${context.electronPlatformName}-${arch}`);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(path.join(stage, 'node_modules'), { recursive: true });
  for (const name of [...NATIVE_PACKAGES, ...HELPERS])
    cpSync(path.join(root, 'node_modules', name), path.join(stage, 'node_modules', name), {
      recursive: true,
    });
  const dependencies = Object.fromEntries(NATIVE_PACKAGES.map((n) => [n, '*']));
  writeFileSync(path.join(stage, 'package.json'), JSON.stringify({ name: 'stage', dependencies }));
  // npm hands its config to scripts as npm_config_*; a `nodedir` there makes node-gyp build
  // against that Node's headers instead of Electron's (issue seen: ABI 115 packed for Electron).
  for (const key of Object.keys(process.env))
    if (/^npm_config_(nodedir|target|runtime|disturl|arch)$/i.test(key)) delete process.env[key];
  const { rebuild } = await import('@electron/rebuild');
  console.log(
    `  • rebuilding ${NATIVE_PACKAGES.join(', ')} for Electron ${version} (${arch}) in ${stage}`,
  );
  await rebuild({
    buildPath: stage,
    electronVersion: version,
    arch,
    onlyModules: NATIVE_PACKAGES,
    force: true,
    // A prebuilt binary would be keyed on the same ABI; building from source is what we check.
    buildFromSource: true,
  });
  use(path.join(stage, 'node_modules'));
}

/** electron-builder's Arch enum (0 ia32, 1 x64, 2 armv7l, 3 arm64, 4 universal) to a name. */
function archName(arch) {
  return ['ia32', 'x64', 'armv7l', 'arm64', 'universal'][arch] ?? String(arch);
}
