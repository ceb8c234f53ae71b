import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PspCheck } from '../../../renderer/features/history/PspCheck';
import { setLanguage } from '../../../renderer/i18n';
import { createApi } from '../../../shared/ipc-api';
import type { PspCheck as Check } from '../../../shared/psp-check';
import { err, ok, type Result } from '../../../shared/result';

// Fechamento's "Conferir com o PSP" as the owner reads it. The comparison itself runs for real
// against the API Pix sandbox (test/integration/api-pix/refunds.test.ts); here, its wording.
let answer: Result<Check>;
let asked: unknown[] = [];
beforeEach(() => {
  setLanguage('pt-BR');
  asked = [];
  window.balcao = createApi(
    async (channel, input) => {
      asked.push({ channel, input });
      return answer;
    },
    () => () => {},
  );
});
afterEach(cleanup);

const run = async () => {
  render(<PspCheck day="2026-11-26" />);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Conferir com o PSP' }));
  });
  return screen.getByRole('status', { name: 'Conferir com o PSP' }).textContent ?? '';
};
const base: Check = {
  matches: true,
  ledger: { count: 2, amountCents: 3000 },
  psp: { count: 2, amountCents: 3000 },
  differences: [],
  otherPix: { count: 0, amountCents: 0 },
  checkedAt: 0,
};

describe('Conferir com o PSP', () => {
  it('says "Conferido com o PSP" with both totals when the day agrees', async () => {
    answer = ok(base);
    const text = await run();
    expect(asked).toEqual([{ channel: 'history:checkWithPsp', input: { day: '2026-11-26' } }]);
    expect(text).toContain('Conferido com o PSP');
    expect(text).toMatch(/No Balcão: 2 · R\$\s30,00/);
    expect(text).toMatch(/No PSP: 2 · R\$\s30,00/);
  });

  it('names each difference, and PIX of no charge apart', async () => {
    answer = ok({
      ...base,
      matches: false,
      psp: { count: 2, amountCents: 2900 },
      differences: [{ chargeId: 'abcdef1234', ledgerCents: 700, pspCents: 600 }],
      otherPix: { count: 1, amountCents: 500 },
    });
    const text = await run();
    expect(text).toContain('Diferenças com o PSP');
    expect(text).not.toContain('Conferido');
    expect(text).toMatch(/Cobrança abcdef12: Balcão R\$\s7,00, PSP R\$\s6,00/);
    expect(text).toMatch(/PIX sem cobrança deste terminal: 1 · R\$\s5,00/);
  });

  it('a PSP kind without the list says so in words', async () => {
    answer = err('unavailable', 'RECEIVED_PIX_NOT_OFFERED');
    expect(await run()).toContain('A lista de PIX recebidos só existe com um PSP da API Pix');
  });
});
