import os from 'node:os';
import path from 'node:path';
import type { PdvFolders } from './tef-exchange';

/**
 * Where the exchange lives unless the owner chose folders: `C:\TEF_DIAL\req` and `resp` on
 * Windows, the layout PDVs configured for TEF Dial already use (ACBr's defaults); elsewhere
 * `$XDG_DATA_HOME/balcao/tef_dial/{req,resp}` (`~/.local/share/…`).
 */
export function defaultPdvFolders(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): PdvFolders {
  if (platform === 'win32') return { req: 'C:\\TEF_DIAL\\req', resp: 'C:\\TEF_DIAL\\resp' };
  const base =
    env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME)
      ? env.XDG_DATA_HOME
      : path.join(os.homedir(), '.local', 'share');
  const root = path.join(base, 'balcao', 'tef_dial');
  return { req: path.join(root, 'req'), resp: path.join(root, 'resp') };
}

/** The folders in use: `--pdv-dir` (development host) wins, then the settings, then the default. */
export function pdvFolders(
  o: { override?: string; reqDir: string; respDir: string },
  defaults: PdvFolders = defaultPdvFolders(),
): PdvFolders {
  if (o.override) return { req: path.join(o.override, 'req'), resp: path.join(o.override, 'resp') };
  return { req: o.reqDir || defaults.req, resp: o.respDir || defaults.resp };
}
