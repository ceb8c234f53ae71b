import { describe, expect, it } from 'vitest';
import { shellHandlers } from '../../../../electron/main/ipc/shell-handlers';
import type { Handlers } from '../../../../electron/services/ipc-dispatch';
import { err, ok } from '../../../../shared/result';
import { createFakeElectron } from '../../../helpers/fake-electron';

// Configurações → Cópias de segurança → Escolher pasta…: the OS's folder dialog in the installed
// app, behind the owner's session like every backup call.
function shell(owner: boolean, folder: string) {
  const e = createFakeElectron();
  e.dialog.folder = folder;
  const services = {
    'backups:chooseFolder': () =>
      owner ? ok({ offered: false, folder: null }) : err('auth', 'OWNER_LOCKED'),
  } as unknown as Handlers;
  const h = shellHandlers({
    e: e.module,
    handlers: services,
    argv: [],
    log: { info() {}, warn() {}, error() {} } as never,
    settings: () => ({}) as never,
    cashier: () => null,
    applySettings() {},
  });
  return { e, choose: () => h['backups:chooseFolder']({}) };
}

describe('the backup folder dialog', () => {
  it('the folder picked comes back; a folder can be created from the dialog', async () => {
    const { e, choose } = shell(true, '/media/pendrive/balcao');
    expect(await choose()).toEqual({
      ok: true,
      value: { offered: true, folder: '/media/pendrive/balcao' },
    });
    expect(e.dialog.openAsked[0]).toMatchObject({
      properties: ['openDirectory', 'createDirectory'],
    });
  });

  it('cancelled: no folder, nothing changes', async () => {
    expect(await shell(true, '').choose()).toEqual({
      ok: true,
      value: { offered: true, folder: null },
    });
  });

  it('without the owner: refused, and no dialog opens', async () => {
    const { e, choose } = shell(false, '/x');
    expect(await choose()).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
    expect(e.dialog.openAsked).toEqual([]);
  });
});
