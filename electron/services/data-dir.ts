import os from 'node:os';
import path from 'node:path';

/** `BALCAO_DATA_DIR`, else the platform's application-data folder (as Electron's userData). */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BALCAO_DATA_DIR) return path.resolve(env.BALCAO_DATA_DIR);
  const home = os.homedir();
  if (process.platform === 'win32')
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Balcao');
  if (process.platform === 'darwin')
    return path.join(home, 'Library', 'Application Support', 'Balcao');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'balcao');
}
