import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPdvFolders, pdvFolders } from '../../../electron/services/pdv/folders';

describe('the PDV folders', () => {
  it("default to TEF Dial's own on Windows, XDG data elsewhere", () => {
    expect(defaultPdvFolders('win32', {})).toEqual({
      req: 'C:\\TEF_DIAL\\req',
      resp: 'C:\\TEF_DIAL\\resp',
    });
    expect(defaultPdvFolders('linux', { XDG_DATA_HOME: '/dados' }).req).toBe(
      path.join('/dados', 'balcao', 'tef_dial', 'req'),
    );
    // A relative XDG_DATA_HOME is ignored, as the XDG spec says.
    expect(defaultPdvFolders('darwin', { XDG_DATA_HOME: 'rel' }).resp).toMatch(
      /\.local[\\/]share[\\/]balcao[\\/]tef_dial[\\/]resp$/,
    );
  });

  it('--pdv-dir wins, then the settings, then the default', () => {
    const d = { req: '/d/req', resp: '/d/resp' };
    expect(pdvFolders({ override: '/x', reqDir: '/a', respDir: '' }, d)).toEqual({
      req: path.join('/x', 'req'),
      resp: path.join('/x', 'resp'),
    });
    expect(pdvFolders({ reqDir: '/a', respDir: '' }, d)).toEqual({ req: '/a', resp: '/d/resp' });
  });
});
