// Which runtime a native module (`.node`) was built for, read from the binary itself: a module
// built against one Node/Electron version exports `node_register_module_v<ABI>` (NODE_MODULE_VERSION);
// a Node-API module exports `napi_register_module_v1` and loads in any runtime with Node-API.
// The symbol names are plain ASCII in the dynamic symbol table of an ELF (Linux), the export table
// of a PE (Windows) and the symbol table of a Mach-O (macOS, with a leading `_`), so one byte
// search covers all three without loading the module (a Windows build cannot be loaded on Linux).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getAbi } from 'node-abi';

/** @returns {{ kind: 'napi' } | { kind: 'abi', abi: number } | { kind: 'unknown' }} */
export function nativeModuleAbi(bytes) {
  const text = bytes.toString('latin1');
  const versioned = /node_register_module_v(\d+)/.exec(text);
  if (versioned) return { kind: 'abi', abi: Number(versioned[1]) };
  if (text.includes('napi_register_module_v1')) return { kind: 'napi' };
  return { kind: 'unknown' };
}

/** Electron's NODE_MODULE_VERSION, from node-abi's table (Electron 45 → 150). */
export function electronAbi(electronVersion) {
  return Number(getAbi(electronVersion, 'electron'));
}

/** Every `.node` file under `dir`. */
export function findNativeModules(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.node'))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * The problems that would stop the packed app from loading its native modules under the runtime
 * with NODE_MODULE_VERSION `abi`: one line per module, empty when every one fits.
 */
export function nativeModuleProblems(dir, abi) {
  const files = findNativeModules(dir);
  if (!files.length) return [`no native module found under ${dir}`];
  return files.flatMap((file) => {
    const found = nativeModuleAbi(readFileSync(file));
    const name = path.relative(dir, file);
    if (found.kind === 'napi') return [];
    if (found.kind === 'unknown')
      return [`${name}: exports neither node_register_module_v* nor napi_register_module_v1`];
    if (found.abi !== abi)
      return [
        `${name}: built for NODE_MODULE_VERSION ${found.abi}, the app's runtime needs ${abi}`,
      ];
    return [];
  });
}
