// The ABI check run after packing (scripts/packaging/after-pack.mjs) on real modules from
// node_modules: better-sqlite3 is built for this Node (NODE_MODULE_VERSION), keytar is Node-API.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  electronAbi,
  nativeModuleAbi,
  nativeModuleProblems,
} from '../../../scripts/packaging/native-abi.mjs';
import { tempDir } from '../../helpers/core';

const root = path.resolve(import.meta.dirname, '../../..');
const sqlite = path.join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const keytar = path.join(root, 'node_modules/keytar/build/Release/keytar.node');
const electronVersion = (
  JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** A packed-app-like folder holding these modules under their usual paths. */
function app(modules: Record<string, string | Buffer>) {
  const dir = tempDir();
  for (const [rel, src] of Object.entries(modules)) {
    const to = path.join(dir, 'resources/app.asar.unpacked/node_modules', rel);
    mkdirSync(path.dirname(to), { recursive: true });
    if (typeof src === 'string') cpSync(src, to);
    else writeFileSync(to, src);
  }
  return dir;
}

describe('native module ABI check', () => {
  it('reads Electron 45’s NODE_MODULE_VERSION from node-abi’s table', () => {
    expect(electronVersion).toMatch(/^45\./);
    expect(electronAbi(electronVersion)).toBe(150);
  });

  it('reads the ABI a module was built for from the binary', () => {
    expect(nativeModuleAbi(readFileSync(sqlite))).toEqual({
      kind: 'abi',
      abi: Number(process.versions.modules),
    });
    expect(nativeModuleAbi(readFileSync(keytar))).toEqual({ kind: 'napi' });
  });

  it('fails on better-sqlite3 built for Node, naming the module and both ABIs', () => {
    const dir = app({
      'better-sqlite3/build/Release/better_sqlite3.node': sqlite,
      'keytar/build/Release/keytar.node': keytar,
    });
    const problems = nativeModuleProblems(dir, electronAbi(electronVersion));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/better_sqlite3\.node/);
    expect(problems[0]).toContain(`NODE_MODULE_VERSION ${process.versions.modules}`);
    expect(problems[0]).toContain('needs 150');
  });

  it('passes modules built for the runtime, and Node-API modules for any runtime', () => {
    const dir = app({
      'better-sqlite3/build/Release/better_sqlite3.node': sqlite,
      'keytar/build/Release/keytar.node': keytar,
    });
    expect(nativeModuleProblems(dir, Number(process.versions.modules))).toEqual([]);
    // The same binary with its exported symbol naming Electron's ABI (same length, so the ELF
    // stays whole): what an Electron rebuild exports.
    const forElectron = Buffer.from(
      readFileSync(sqlite)
        .toString('latin1')
        .replaceAll(
          `node_register_module_v${process.versions.modules}`,
          'node_register_module_v150',
        ),
      'latin1',
    );
    const rebuilt = app({
      'better-sqlite3/build/Release/better_sqlite3.node': forElectron,
      'keytar/build/Release/keytar.node': keytar,
    });
    expect(nativeModuleProblems(rebuilt, 150)).toEqual([]);
  });

  it('refuses a file that is no native module, and an app with none', () => {
    expect(nativeModuleProblems(app({ 'x/y.node': Buffer.from('not a module') }), 150)[0]).toMatch(
      /y\.node: exports neither/,
    );
    expect(nativeModuleProblems(tempDir(), 150)[0]).toMatch(/no native module/);
  });
});
