import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../helpers/app-session';
import { tempDir } from '../../helpers/core';
import { StandInPdv } from '../../helpers/stand-in-pdv';
import {
  inViewWithoutScrolling,
  layoutProblems,
  LOOKED_AT,
  matchesBaseline,
  sizeName,
} from '../../helpers/visual';
import { useShop } from '../../helpers/visual-shop';

/**
 * A TEF Dial sale waiting for its payer on the Caixa (issue 34, D5), in English at the three
 * sizes: the notice ("PDV sale …: type the payer and press Enter. The PDV is waiting."), the
 * amount and the payer's fields all in view, nothing cut or overlapping. Compared with its
 * baseline at 1024×768, kept for review at the others.
 */
const dir = tempDir('balcao-pdv-');
const app = appPerFile({ width: 1024, height: 768 }, ['--pdv-dir', dir]);
const pdv = new StandInPdv(dir);

describe('in en', () => {
  beforeAll(() => useShop(app, { lang: 'en', payer: 'typed' }));

  it('the PDV sale waiting for the payer, at 1024×768, 1366×768 and 1920×1080', async () => {
    const page = app.page;
    const sale = await pdv.sale(4590, { id: '4711' });
    const note = page.getByRole('status').filter({ hasText: `PDV sale ${sale.id}` });
    await note.waitFor();
    expect(await note.textContent()).toBe(
      'PDV sale 4711: type the payer and press Enter. The PDV is waiting.',
    );
    for (const size of LOOKED_AT) {
      await page.setViewportSize(size);
      await page.waitForTimeout(200);
      const at = `en-${sizeName(size)}`;
      expect.soft(await layoutProblems(page), at).toEqual([]);
      expect
        .soft(
          await inViewWithoutScrolling(page, {
            notice: note,
            amount: page.locator('#amount'),
            payer: page.locator('#payer-name'),
            document: page.locator('#payer-document'),
          }),
          at,
        )
        .toEqual([]);
      // The whole form, its Charge button and hint too, without scrolling.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect.soft(height, `${at}: the page's height`).toBeLessThanOrEqual(size.height);
      // The notice on as few lines as its words need: not squeezed into a sliver.
      const box = (await note.boundingBox())!;
      expect.soft(box.height, `${at}: the notice's height`).toBeLessThan(80);
      await matchesBaseline(page, `caixa-pdv-payer-${at}`, [], {
        artifactOnly: size.width !== 1024,
      });
    }
  });
});
