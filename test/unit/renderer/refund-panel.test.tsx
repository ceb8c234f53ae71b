import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RefundPanel } from '../../../renderer/components/RefundPanel';
import { setLanguage } from '../../../renderer/i18n';
import { payer } from '../../helpers/core';
import { installBridge } from '../../helpers/renderer-bridge';

// Devolver as the owner meets it, against the real app (a family-kind core on the sandbox, the
// real handlers and contract): the PIN first, then the withdrawal linked to the sale.
const PIN = '2468';
let app: Awaited<ReturnType<typeof installBridge>>;
beforeAll(async () => {
  setLanguage('pt-BR');
  app = await installBridge();
  expect((await app.core.owner.setPin(PIN)).ok).toBe(true);
  app.core.owner.lock();
}, 60_000);
afterAll(() => app.close());
afterEach(cleanup);

async function paidSale(cents: number) {
  const c = await app.core.charges.create({ amountCents: cents, payer });
  if (!c.ok) throw new Error(c.message);
  const tx = app.core.charges.record(c.value.id)!.pspTransactionId!;
  await app.sb.control('POST', `/charges/${tx}/pay`);
  await waitFor(() => expect(app.core.charges.record(c.value.id)!.status).toBe('PAID'));
  return c.value.id;
}

/** Fills the Devolver form (an e-mail key) with this amount and opens the PIN dialog it asks. */
async function askRefund(amount: string) {
  fireEvent.change(screen.getByLabelText('Valor a devolver'), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText('Tipo de chave'), { target: { value: 'EMAIL' } });
  fireEvent.change(screen.getByLabelText('Chave PIX do pagador'), {
    target: { value: 'ana@padaria.com.br' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Devolver' }));
  return screen.findByRole('dialog', { name: 'PIN do proprietário' });
}

describe('Devolver', () => {
  it('asks the owner PIN before anything is sent; a wrong PIN sends nothing; then the refund shows its status', async () => {
    const id = await paidSale(2500);
    render(<RefundPanel chargeId={id} />);
    await screen.findByText(/Resta R\$\s2[5],00 para devolver/);
    const dialog = await askRefund('10,00');
    expect(app.core.withdrawals.list()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '0000' } });
    fireEvent.submit(dialog);
    await screen.findByRole('alert');
    expect(app.core.withdrawals.list()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: PIN } });
    fireEvent.submit(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const status = await screen.findByRole('status', { name: /Devolução de R\$\s10,00/ });
    expect(status.textContent).toMatch(/Em processamento|Enviando/);
    expect(app.core.withdrawals.list()[0]).toMatchObject({ amountCents: 1000 });
    await screen.findByText(/Resta R\$\s15,00 para devolver/);

    // The PSP completes the withdrawal: the refund says Devolvido, and its receipt prints
    // (no ESC/POS printer here: the print area and the host's print).
    const w = app.core.withdrawals.list()[0]!;
    const pspW = (
      (await (await app.sb.control('GET', '/charges')).json()) as Array<{
        id: string;
        externalId: string;
      }>
    ).find((x) => x.externalId === w.externalId)!;
    await app.sb.control('POST', `/withdrawals/${pspW.id}/complete`);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: /Devolução de R\$\s10,00/ }).textContent).toBe(
        'Devolvido',
      ),
    );
    let printed = 0;
    window.print = () => void printed++;
    fireEvent.click(screen.getByRole('button', { name: 'Comprovante da devolução' }));
    await waitFor(() => expect(printed).toBe(1));
    const area = document.querySelector('.print-area')!;
    expect(area.textContent).toContain('Comprovante de devolução PIX');
    expect(area.textContent).toMatch(/Venda: R\$\s25,00/);
    expect(area.textContent).toMatch(/Devolvido: R\$\s10,00/);
  });

  it('more than what is left is refused in words next to the form, and nothing is sent', async () => {
    const id = await paidSale(500);
    render(<RefundPanel chargeId={id} />);
    await screen.findByText(/Resta R\$\s5,00 para devolver/);
    const before = app.core.withdrawals.list().length;
    const dialog = await askRefund('6,00');
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: PIN } });
    fireEvent.submit(dialog);
    const alert = await screen.findByText(/passa do que resta desta venda: no máximo R\$\s5,00/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(app.core.withdrawals.list().length).toBe(before);
  });
});
