// electron-builder.yml checked against electron-builder's own JSON schema (the one it validates
// with), and the choices this project depends on asserted one by one.
import Ajv from 'ajv';
import yaml from 'js-yaml';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_USER_MODEL_ID } from '../../../electron/main/shell';

const root = path.resolve(import.meta.dirname, '../../..');
const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<
  string,
  unknown
>;
const schema = JSON.parse(
  readFileSync(path.join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8'),
);

// Compiling electron-builder's large schema takes seconds on a busy machine.
describe('electron-builder.yml', { timeout: 60_000 }, () => {
  it('is valid against electron-builder’s schema', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    const valid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema check can fail (an unknown fuse is refused)', () => {
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate({ ...config, electronFuses: { runAsNode: false, runAsRoot: true } })).toBe(
      false,
    );
  });

  it('flips the fuses of the security checklist', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
  });

  it('packs only what runs: the bundles and the two native modules', () => {
    const files = config.files as (string | { from: string; to: string; filter: string[] })[];
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'dist/main/**',
        'dist/preload/**',
        'dist/renderer/**',
        '!node_modules/**',
      ]),
    );
    expect(
      files.some((f) => typeof f === 'string' && /dist\/(relay|devhost)|^dist\/\*\*$/.test(f)),
    ).toBe(false);
    // The native modules come from the staging copy rebuilt for Electron, not node_modules.
    const staged = files.find((f) => typeof f === 'object');
    expect(staged).toMatchObject({ from: '${env.BALCAO_NATIVE_DIR}', to: 'node_modules' });
    const modules = new Set(staged!.filter.map((f) => f.split('/')[0]));
    expect([...modules].sort()).toEqual([
      '@napi-rs',
      'better-sqlite3',
      'bindings',
      'file-uri-to-path',
      'keytar',
    ]);
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual([
      '**/keytar/build/Release/*.node',
      '**/better-sqlite3/build/Release/*.node',
      '**/@napi-rs/keyring-*/*.node',
    ]);
  });

  it('rebuilds native modules in a staging copy and checks their ABI after packing', () => {
    // electron-builder's own rebuild works in place on node_modules: off.
    expect(config.npmRebuild).toBe(false);
    expect(config.beforePack).toBe('./scripts/packaging/before-pack.mjs');
    expect(config.afterPack).toBe('./scripts/packaging/after-pack.mjs');
    for (const hook of [config.beforePack, config.afterPack])
      expect(existsSync(path.join(root, hook as string))).toBe(true);
  });

  it('builds NSIS per user with shortcuts, dmg + zip, AppImage + deb, with icons from build/', () => {
    expect(config.appId).toBe(APP_USER_MODEL_ID);
    expect(config.productName).toBe('Balcão');
    expect(config.win).toMatchObject({ target: ['nsis'], icon: 'build/icon.ico' });
    expect(config.nsis).toMatchObject({
      perMachine: false,
      createDesktopShortcut: 'always',
      createStartMenuShortcut: true,
    });
    expect(config.mac).toMatchObject({ target: ['dmg', 'zip'], icon: 'build/icon.icns' });
    expect(config.linux).toMatchObject({ target: ['AppImage', 'deb'], icon: 'build/icon.png' });
    for (const f of ['icon.png', 'icon.ico', 'icon.icns'])
      expect(existsSync(path.join(root, 'build', f))).toBe(true);
  });

  it('signs Windows from the environment only, and has updates verified against the publisher', () => {
    const win = config.win as Record<string, unknown>;
    const signtool = win.signtoolOptions as Record<string, unknown>;
    // electron-updater checks an update's Authenticode signer against these names.
    expect(signtool.publisherName).toEqual([expect.stringMatching(/\S/)]);
    expect(win.verifyUpdateCodeSignature).toBe(true);
    // No certificate or password in the repository: CSC_LINK / CSC_KEY_PASSWORD at build time.
    const text = readFileSync(path.join(root, 'electron-builder.yml'), 'utf8');
    expect(text).not.toMatch(
      /^\s*(certificateFile|certificatePassword|cscLink|cscKeyPassword)\s*:/m,
    );
    // Publisher and CompanyName of the .exe come from package.json's author.
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      author?: { name?: string };
    };
    expect(pkg.author?.name).toBe('Balcão');
    // macOS as before: hardened runtime for notarisation.
    expect(config.mac).toMatchObject({ hardenedRuntime: true });
  });

  it('publishes updates to a generic URL (electron-updater reads it as app-update.yml)', () => {
    expect(config.publish).toMatchObject({
      provider: 'generic',
      url: expect.stringMatching(/^https:\/\//),
    });
  });
});
