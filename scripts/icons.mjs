#!/usr/bin/env node
// `npm run icons`: every app icon from the one source, build/icon.svg — build/icon.png (512 px,
// Linux and the window/tray), build/icon.ico (Windows), build/icon.icns (macOS) and the renderer's
// favicon.ico.
// icon-gen writes .ico and .icns from an SVG on any OS (sharp rasterises it; no ImageMagick,
// iconutil or png2icns needed); sharp also writes the 512 px PNG. Usage: icons.mjs [outDir].
import icongen from 'icon-gen';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'build', 'icon.svg');
const out = path.resolve(process.argv[2] ?? path.join(root, 'build'));
mkdirSync(out, { recursive: true });

await sharp(src, { density: 144 }).resize(512, 512).png().toFile(path.join(out, 'icon.png'));
await icongen(src, out, {
  ico: { name: 'icon', sizes: [16, 24, 32, 48, 64, 128, 256] },
  icns: { name: 'icon', sizes: [16, 32, 64, 128, 256, 512, 1024] },
});
// The renderer's /favicon.ico (small: the browser asks for it on every load of the development host).
await icongen(src, path.join(root, 'renderer', 'public'), {
  ico: { name: 'favicon', sizes: [16, 32, 48] },
});
console.log(`icons written to ${path.relative(root, out) || '.'}: icon.png, icon.ico, icon.icns`);
