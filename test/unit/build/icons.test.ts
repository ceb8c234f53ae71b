// Every app icon is generated from the one SVG: regenerating them gives the committed bytes.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/core';

const root = path.resolve(import.meta.dirname, '../../..');

describe('icons', () => {
  it('build/icon.png is 512 px and icon.png/.ico/.icns are what scripts/icons.mjs makes of icon.svg', () => {
    const png = PNG.sync.read(readFileSync(path.join(root, 'build/icon.png')));
    expect([png.width, png.height]).toEqual([512, 512]);
    const out = tempDir();
    const r = spawnSync(process.execPath, ['scripts/icons.mjs', out], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    for (const f of ['icon.png', 'icon.ico', 'icon.icns'])
      expect(
        readFileSync(path.join(out, f)).equals(readFileSync(path.join(root, 'build', f))),
        f,
      ).toBe(true);
    // .ico holds the Windows sizes up to 256; .icns starts with its magic.
    const ico = readFileSync(path.join(root, 'build/icon.ico'));
    expect(ico.readUInt16LE(4)).toBe(7);
    expect(readFileSync(path.join(root, 'build/icon.icns')).subarray(0, 4).toString()).toBe('icns');
  });
});
