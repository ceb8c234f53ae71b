import { describe, expect, it } from 'vitest';
import { OWNER_PIN, startShop } from '../helpers/app-session';
import { launchChromium, shot } from '../helpers/browser';
import { chargeByKeyboard } from '../helpers/cashier';
import { perFile } from '../helpers/per-file';
import { openLocked, settingsSection } from '../helpers/screens';

// The idle lock in Debian's Chromium through the development host (issue 36): the owner sets it
// to 1 minute in Configurações → Caixa; the page's clock is Playwright's (`page.clock`), so a
// minute passes at once while the setting stays in minutes as a shop types it. Idle with no sale
// → "Quem está no caixa?" (the shift stays open); idle with a QR waiting → no prompt until Pago.
const app = perFile(async (own) => {
  const { sb, host } = await startShop(['--operators', 'Ana:1111']);
  own(sb);
  own(host);
  const browser = await launchChromium();
  own(browser);
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.clock.install();
  await page.goto(host.url);
  return { sb, host, browser, page };
});
const page = () => app.page;
const prompt = () => page().getByRole('region', { name: 'Quem está no caixa?' });

async function enterAsAna() {
  await prompt().getByRole('button', { name: 'Ana', exact: true }).click();
  await page().keyboard.type('1111');
  await page().keyboard.press('Enter');
  await page().getByText('Operador: Ana').waitFor();
}

/** Ana's open shift, as the services see it (null: nobody at the counter). */
async function shiftAtCounter(): Promise<string | null> {
  const r = await app.host.call<{ current: { shift: { id: string } } | null }>(
    'operators:current',
    {},
  );
  if (!r.ok) throw new Error(`operators:current: ${r.code}`);
  return r.value.current?.shift.id ?? null;
}

describe('the idle lock', () => {
  it('the owner turns it on in Configurações → Caixa (minutes, off by default)', async () => {
    await prompt().waitFor();
    await openLocked(
      page(),
      'Configurações',
      OWNER_PIN,
      page().getByRole('tablist', { name: 'Seções das configurações' }),
    );
    await settingsSection(page(), 'Caixa');
    const field = page().getByLabel('Bloqueio por inatividade (minutos)');
    expect(await field.inputValue()).toBe('0');
    await page().getByText('Com operadores: sem tecla nem mouse').waitFor();
    await field.fill('1');
    await page().getByRole('button', { name: 'Salvar configurações' }).click();
    await page().getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();
    await page().screenshot({ path: shot('bloqueio-inatividade-config') });
    await page().getByRole('button', { name: 'Bloquear' }).click();
  });

  it('idle with no sale: back to "Quem está no caixa?" after the minute, the shift still open', async () => {
    await page().getByRole('button', { name: 'Caixa' }).click();
    await enterAsAna();
    const shift = await shiftAtCounter();
    expect(shift).not.toBeNull();
    // Half a minute: still Ana's counter.
    await page().clock.fastForward('00:30');
    await page().getByLabel('Valor').waitFor();
    expect(await prompt().count()).toBe(0);
    // A key counts as someone at the counter: the minute starts again from it.
    await page().keyboard.press('Shift');
    await page().clock.fastForward('00:31');
    await page().clock.runFor(2000);
    expect(await prompt().count()).toBe(0);
    await page().getByLabel('Valor').waitFor();
    // The minute passed with no key nor pointer: the prompt, saying why.
    await page().clock.fastForward('00:30');
    await prompt()
      .getByRole('alert')
      .filter({ hasText: 'Caixa bloqueado por inatividade.' })
      .waitFor();
    expect(await page().getByLabel('Valor').count()).toBe(0);
    expect(await shiftAtCounter()).toBeNull();
    // The prompt with its notice at each shop screen size: nothing scrolls sideways.
    for (const [width, height] of [
      [1024, 768],
      [1920, 1080],
      [1366, 768],
    ] as const) {
      await page().setViewportSize({ width, height });
      const wide = await page().evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(wide).toBe(0);
      await page().screenshot({ path: shot(`bloqueio-inatividade-${width}x${height}`) });
    }
    // Her PIN brings her back to the same shift (a lock is a switch, not a closing).
    await enterAsAna();
    expect(await shiftAtCounter()).toBe(shift);
  });

  it('idle with a QR waiting: no prompt while it may be paid; locks once it is Pago', async () => {
    await chargeByKeyboard(page(), '1234');
    await page().getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await page().clock.fastForward('05:00');
    // Give a wrong lock every chance to show (the check runs every second of the page's clock).
    await page().clock.runFor(3000);
    await page().waitForTimeout(1500);
    expect(await prompt().count()).toBe(0);
    expect(await shiftAtCounter()).not.toBeNull();
    await page().getByRole('img', { name: 'QR Code PIX' }).waitFor();
    const sale = ((await app.sb.control('GET', '/charges')).body as Array<{ id: string }>).at(-1)!;
    await app.sb.control('POST', `/charges/${sale.id}/pay`);
    await page()
      .getByRole('status')
      .filter({ hasText: /^Pago$/ })
      .waitFor({ timeout: 10_000 });
    // The sale ended and the idle time had passed: the prompt, with Pago still beside it.
    await prompt().waitFor({ timeout: 10_000 });
    await page()
      .getByRole('status')
      .filter({ hasText: /^Pago$/ })
      .waitFor();
    await page().screenshot({ path: shot('bloqueio-inatividade-apos-pago') });
  });
});
