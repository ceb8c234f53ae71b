import { beforeAll, describe, expect, it } from 'vitest';
import { OWNER_PIN, startShop } from '../../helpers/app-session';
import { openPage } from '../../helpers/browser';
import { perFile } from '../../helpers/per-file';
import {
  layoutProblems,
  LOOKED_AT,
  matchesBaseline,
  navLines,
  sizeName,
} from '../../helpers/visual';
import { freshCaixa, payLatest, sellAs, useShop } from '../../helpers/visual-shop';

/**
 * Issue 36's screens at the three sizes and in both languages: the Caixa's "Quem está no caixa?"
 * beside a charge in progress, the Caixa with the operator's name, Fechar turno's summary, and
 * the owner's Operadores. Nothing overlaps or scrolls sideways; each compared with its baseline.
 */
// The shop seeded with Ana and Bia (--operators): the Caixa opens at the prompt, not the form.
const app = perFile(async (own) => {
  const { sb, host } = await startShop(['--operators', 'Ana:1111,Bia:2222:supervisor']);
  own(sb);
  own(host);
  const { browser, page } = await openPage(host.url, { width: 1024, height: 768 });
  own(browser);
  await page.locator('.operator-prompt').waitFor();
  return { sb, host, browser, page };
});

/** The prompt, in any language: the name's button, the PIN, Enter. */
async function enter(name: string, pin: string) {
  const page = app.page;
  await page.locator('.operator-prompt').getByRole('button', { name, exact: true }).click();
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
  await page.locator('.operator-at').waitFor();
}

/** Ana at the counter (through the contract), so the shop's reload opens on the sale form. */
async function anaAtCounter() {
  const roster = await app.host.call<Array<{ id: string; name: string }>>('operators:roster', {});
  const ana = roster.ok ? roster.value.find((o) => o.name === 'Ana') : undefined;
  if (!ana) throw new Error('--operators did not seed Ana');
  const r = await app.host.call('operators:enter', { operatorId: ana.id, pin: '1111' });
  if (!r.ok) throw new Error(`operators:enter: ${r.code}`);
}

for (const lang of ['pt-BR', 'en'] as const)
  describe(`in ${lang}`, () => {
    beforeAll(async () => {
      await anaAtCounter();
      await useShop(app, { lang, payer: 'default' });
    });

    for (const size of LOOKED_AT) {
      const at = `${lang}-${sizeName(size)}`;
      it(`${sizeName(size)}: the prompt beside a charge, the name on the Caixa, Fechar turno, Operadores`, async () => {
        const page = app.page;
        await page.setViewportSize(size);
        // The Caixa reads who is at the counter after it shows: wait for the one or the other.
        await page.locator('.operator-prompt, .operator-at').first().waitFor();
        if (!(await page.locator('.operator-at').count())) await enter('Ana', '1111');
        await freshCaixa(page);
        expect(await layoutProblems(page)).toEqual([]);
        await matchesBaseline(page, `operador-caixa-${at}`);
        await sellAs(page, 'default', '1234');
        await page.keyboard.press('Enter');
        await page.locator('img.qr').waitFor();
        await page.locator('.operator-bar button').first().click();
        await page.locator('.operator-prompt').waitFor();
        expect(await layoutProblems(page)).toEqual([]);
        await matchesBaseline(page, `operador-prompt-${at}`, [page.getByText(/\d{1,2}:\d{2}/)]);
        await enter('Ana', '1111');
        await payLatest(app);
        await page.locator('.charge-panel.paid').waitFor();
        await page.locator('.operator-bar button').nth(1).click();
        await page.locator('[role="dialog"] .btn-danger').click();
        const summary = page.locator('.shift-summary');
        await summary.waitFor();
        expect(await layoutProblems(page)).toEqual([]);
        await matchesBaseline(summary, `operador-fechar-turno-${at}`);
        await summary.locator('.btn-primary').click();
        expect((await app.host.call('owner:unlock', { pin: OWNER_PIN })).ok).toBe(true);
        await page.reload();
        await page.locator('.operator-prompt').waitFor();
        // Fechamento do dia by operator and by terminal (the owner's Histórico).
        await page
          .locator('.nav-item', { hasText: lang === 'en' ? 'History' : 'Histórico' })
          .click();
        const closing = page.locator('section.closing');
        await closing.locator('h3').first().waitFor();
        // Histórico's table with its Operador column, and the blocks, stay within the screen.
        await page.locator('table.history tbody tr').first().waitFor();
        expect(await layoutProblems(page)).toEqual([]);
        const box = (await closing.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(size.width);
        await matchesBaseline(closing, `operador-fechamento-${at}`, [
          closing.locator('.closing-generated'),
          closing.locator('h2'),
          // The terminal's id is new on every run's data directory.
          closing.locator('.closing-shop'),
        ]);
        await page
          .locator('.nav-item', { hasText: lang === 'en' ? 'Operators' : 'Operadores' })
          .click();
        await page.locator('.operators-table').waitFor();
        expect(await layoutProblems(page)).toEqual([]);
        // The owner's menu with Operadores and Bloquear: one line.
        expect.soft(await navLines(page), `the owner's menu at ${at}: lines`).toBe(1);
        await matchesBaseline(page, `operadores-${at}`);
        await page.locator('.nav-lock').click();
        await page.locator('.operator-prompt').waitFor();
      });
    }
  });
