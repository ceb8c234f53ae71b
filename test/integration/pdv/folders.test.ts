import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreOn, tempDir } from '../../helpers/core';
import { eventually, sandbox } from '../../helpers/sandbox';
import { StandInPdv } from '../../helpers/stand-in-pdv';
import { perFile } from '../../helpers/per-file';

// A folder the exchange cannot use: said so, nothing lost, answered once it is usable again.
const sb = perFile(async (own) => own(await sandbox()));

describe('the PDV folders', () => {
  it('a resp folder that cannot be written: status error; the waiting request is answered once it can', async () => {
    const dir = tempDir('balcao-pdv-');
    mkdirSync(path.join(dir, 'req'), { recursive: true });
    writeFileSync(path.join(dir, 'resp'), 'not a folder'); // mkdir fails as on a read-only share
    const { core } = await coreOn(sb.baseUrl, { pdvDir: dir, pdvPollMs: 50 });
    await core.start();
    try {
      await eventually(async () => core.pdv.status().state === 'error');
      expect(core.pdv.status()).toMatchObject({ code: 'PDV_FOLDER_UNWRITABLE' });
      const id = '4242';
      const request = StandInPdv.format([
        ['000-000', 'CRT'],
        ['001-000', id],
        ['003-000', 0],
      ]);
      writeFileSync(path.join(dir, 'req', 'IntPos.001'), request, 'latin1');
      await new Promise((r) => setTimeout(r, 300));
      rmSync(path.join(dir, 'resp'));
      const pdv = new StandInPdv(dir);
      await pdv.waitStatus('CRT', id);
      const { answer } = await pdv.waitAnswer(id, 10_000);
      expect(answer.get('030-000')).toBe('VALOR ZERO');
      expect(core.pdv.status().state).toBe('watching');
    } finally {
      await core.stop();
    }
  });

  it('off unless turned on: no folder is touched', async () => {
    const { core } = await coreOn(sb.baseUrl, { pdvPollMs: 50 });
    await core.start();
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(core.pdv.status()).toEqual({ state: 'off' });
    } finally {
      await core.stop();
    }
  });
});
