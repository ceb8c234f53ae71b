// Where the Electron binary is, without triggering electron's implicit download.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function electronBinary(root) {
  const dir = path.join(root, 'node_modules', 'electron');
  const pathTxt = path.join(dir, 'path.txt');
  if (!existsSync(pathTxt)) return null;
  const bin = path.join(dir, 'dist', readFileSync(pathTxt, 'utf8').trim());
  return existsSync(bin) ? bin : null;
}

export const MISSING_ELECTRON = `
The Electron binary is not installed. Balcão's desktop window runs on Electron, whose
binary is downloaded from GitHub on first use, and this machine could not download it
(no network, or an offline install with ELECTRON_SKIP_BINARY_DOWNLOAD=1). To get it, run
\`node node_modules/electron/install.js\` on a machine with internet access (or set
ELECTRON_MIRROR to a reachable mirror) and then \`npm start\` again. Meanwhile the same app
runs in your browser through the development host.
`;
