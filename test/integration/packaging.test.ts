// electron-builder itself packs the app (Linux `dir` target) with electron-builder.yml, onto a
// stand-in Electron binary that carries the fuse wire: what lands in app.asar, what is unpacked,
// which fuses end up flipped, and the update feed. The rebuild for Electron (beforePack) needs
// Electron's headers, which this machine cannot reach, so the test stages the modules itself
// (BALCAO_NATIVE_DIR): first node_modules' own build (Node's ABI), which the afterPack check must
// refuse; then the same modules with better-sqlite3 stamped with Electron 45's ABI (150).
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { FuseState, SENTINEL } from '@electron/fuses/dist/constants';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/core';

const root = path.resolve(import.meta.dirname, '../..');

/** Electron's default fuse wire: runAsNode on, cookie encryption off, … (one byte per fuse). */
function fakeElectronDist(dir: string) {
  mkdirSync(path.join(dir, 'resources'), { recursive: true });
  const wire = Buffer.from('10110001');
  const binary = Buffer.concat([
    Buffer.from('not really electron\n'),
    Buffer.from(SENTINEL),
    Buffer.from([1, wire.length]),
    wire,
  ]);
  writeFileSync(path.join(dir, 'electron'), binary, { mode: 0o755 });
  writeFileSync(path.join(dir, 'version'), '45.4.1');
  writeFileSync(path.join(dir, 'LICENSE'), '');
  writeFileSync(path.join(dir, 'LICENSES.chromium.html'), '');
}

const staged: string[] = [];
afterAll(() => staged.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A staged copy of the packed native modules; `abi` restamps better-sqlite3's export. */
function stageNative(abi?: number) {
  // Inside the project: electron-builder matches asarUnpack against the files' source paths.
  mkdirSync(path.join(root, '.cache'), { recursive: true });
  const dir = mkdtempSync(path.join(root, '.cache', 'native-test-'));
  staged.push(dir);
  const stage = path.join(dir, 'node_modules');
  for (const name of ['keytar', 'better-sqlite3', 'bindings', 'file-uri-to-path', '@napi-rs'])
    cpSync(path.join(root, 'node_modules', name), path.join(stage, name), { recursive: true });
  if (abi) {
    const file = path.join(stage, 'better-sqlite3/build/Release/better_sqlite3.node');
    const mine = `node_register_module_v${process.versions.modules}`;
    const text = readFileSync(file).toString('latin1');
    expect(text).toContain(mine);
    writeFileSync(
      file,
      Buffer.from(text.replaceAll(mine, `node_register_module_v${abi}`), 'latin1'),
    );
  }
  return stage;
}

function pack(out: string, nativeDir: string) {
  const dist = path.join(out, 'electron-dist');
  fakeElectronDist(dist);
  const r = spawnSync(
    process.execPath,
    [
      'node_modules/electron-builder/cli.js',
      '--linux',
      'dir',
      '--config',
      'electron-builder.yml',
      `-c.electronDist=${dist}`,
      `-c.directories.output=${out}`,
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true', BALCAO_NATIVE_DIR: nativeDir },
      timeout: 240_000,
    },
  );
  return { status: r.status, log: `${r.stdout}\n${r.stderr}` };
}

describe('packing with native modules built for another runtime', () => {
  it('fails the build, naming the module and both ABIs', () => {
    const out = tempDir();
    const r = pack(out, stageNative());
    expect(r.status).not.toBe(0);
    expect(r.log).toMatch(
      /native modules not built for Electron 45\.4\.1 \(NODE_MODULE_VERSION 150\)/,
    );
    expect(r.log).toMatch(
      new RegExp(
        `better_sqlite3\\.node: built for NODE_MODULE_VERSION ${process.versions.modules}`,
      ),
    );
    // keytar is Node-API: it loads in any runtime, so it is not named.
    expect(r.log).not.toMatch(/keytar\.node:/);
  }, 240_000);
});

describe('the packed app', () => {
  const out = tempDir();
  const unpacked = path.join(out, 'linux-unpacked');
  const native = stageNative(150);
  let log = '';

  beforeAll(() => {
    const r = pack(out, native);
    log = r.log;
    if (r.status !== 0) throw new Error(`electron-builder failed:\n${log}`);
  }, 240_000);

  it('checked the native modules against Electron’s ABI', () => {
    expect(log).toMatch(/native modules checked: Electron 45\.4\.1, NODE_MODULE_VERSION 150/);
  });

  it('packs the staged native modules, not the working node_modules', () => {
    const packed = readFileSync(
      path.join(
        unpacked,
        'resources/app.asar.unpacked/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      ),
    );
    expect(packed.toString('latin1')).toContain('node_register_module_v150');
    // The working copy keeps its Node build: `npm test` and the relay still load it.
    expect(
      readFileSync(
        path.join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
      ).toString('latin1'),
    ).toContain(`node_register_module_v${process.versions.modules}`);
  });

  it('holds only the bundles and the two native modules with their loaders', () => {
    const files = listPackage(path.join(unpacked, 'resources', 'app.asar'), { isPack: false })
      .map((f) => f.replaceAll('\\', '/'))
      .filter((f) => /\.[a-z0-9]+$/i.test(f) && !f.endsWith('/'));
    const allowed =
      /^\/(package\.json|dist\/(main|preload|renderer)\/.+|node_modules\/(keytar|better-sqlite3|bindings|file-uri-to-path|@napi-rs\/keyring[^/]*)\/.+)$/;
    expect(files.filter((f) => !allowed.test(f))).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining([
        '/dist/main/index.cjs',
        '/dist/preload/index.cjs',
        '/dist/renderer/index.html',
        '/node_modules/keytar/lib/keytar.js',
        '/node_modules/better-sqlite3/lib/index.js',
      ]),
    );
    expect(files.some((f) => f.startsWith('/dist/relay') || f.startsWith('/dist/devhost'))).toBe(
      false,
    );
    // The 91 MB of node_modules are gone: a few MB remain.
    expect(statSync(path.join(unpacked, 'resources', 'app.asar')).size).toBeLessThan(10_000_000);
  });

  it('unpacks the native modules next to the archive', () => {
    const u = path.join(unpacked, 'resources', 'app.asar.unpacked', 'node_modules');
    expect(
      existsSync(path.join(u, '@napi-rs', `keyring-${process.platform}-${process.arch}-gnu`)),
    ).toBe(true);
    expect(existsSync(path.join(u, 'keytar', 'build', 'Release', 'keytar.node'))).toBe(true);
    expect(
      existsSync(path.join(u, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')),
    ).toBe(true);
  });

  it('flips the fuses in the shipped binary', async () => {
    const fuses = await getCurrentFuseWire(path.join(unpacked, 'balcao'));
    const state = (f: FuseV1Options) => fuses[f];
    expect(state(FuseV1Options.RunAsNode)).toBe(FuseState.DISABLE);
    expect(state(FuseV1Options.EnableCookieEncryption)).toBe(FuseState.ENABLE);
    expect(state(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(FuseState.DISABLE);
    expect(state(FuseV1Options.EnableNodeCliInspectArguments)).toBe(FuseState.DISABLE);
    expect(state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(FuseState.ENABLE);
    expect(state(FuseV1Options.OnlyLoadAppFromAsar)).toBe(FuseState.ENABLE);
    expect(state(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(FuseState.DISABLE);
  });

  it('ships the update feed electron-updater reads', () => {
    const feed = readFileSync(path.join(unpacked, 'resources', 'app-update.yml'), 'utf8');
    expect(feed).toMatch(/^provider: generic$/m);
    expect(feed).toMatch(/^url: https:\/\//m);
  });
});
