import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ComponentProps } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { shiftInDigit, shiftOutDigit } from '../../../shared/domain/money';
import type { ChargeView } from '../../../shared/views';
import { AmountField } from '../../../renderer/features/cashier/AmountField';
import { ChargePanel } from '../../../renderer/features/cashier/ChargePanel';
import { ChargeStatus } from '../../../renderer/features/cashier/ChargeStatus';
import { TextField } from '../../../renderer/components/TextField';
import { validateForm } from '../../../renderer/features/cashier/validate';
import { i18next } from '../../../renderer/i18n';

afterEach(cleanup);

function Amount() {
  const [cents, setCents] = useState(0);
  return (
    <AmountField
      label="Valor"
      cents={cents}
      onDigit={(d) => setCents((c) => shiftInDigit(c, d))}
      onBackspace={() => setCents(shiftOutDigit)}
      onSet={setCents}
    />
  );
}

describe('the amount field', () => {
  it('shifts digits in from the right: 1, 2, 3, 4 → R$ 12,34; Backspace takes the last one off', () => {
    render(<Amount />);
    const input = screen.getByLabelText('Valor') as HTMLInputElement;
    expect(input.value).toBe('R$ 0,00');
    for (const key of ['1', '2', '3', '4']) fireEvent.keyDown(input, { key });
    expect(input.value).toBe('R$ 12,34');
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(input.value).toBe('R$ 1,23');
    fireEvent.keyDown(input, { key: 'a' });
    expect(input.value).toBe('R$ 1,23');
  });

  it('reads a pasted amount in pt-BR form', () => {
    render(<Amount />);
    const input = screen.getByLabelText('Valor') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'R$ 1.234,56' } });
    expect(input.value).toBe('R$ 1.234,56');
  });
});

describe('validation messages', () => {
  const ok = {
    amountCents: 1000,
    description: '',
    name: 'Ana',
    document: '123.456.789-09',
    email: 'ana@x.com.br',
    phone: '(11) 91234-5678',
  };

  it('names each wrong field with its code; contact fields only for /payments/deposit', () => {
    expect(validateForm(ok, 'deposit', 10_000_000)).toEqual({});
    expect(
      validateForm(
        { ...ok, amountCents: 0, document: '111.111.111-11', email: 'x', phone: '12' },
        'deposit',
        10_000_000,
      ),
    ).toEqual({
      amount: 'AMOUNT_ZERO',
      document: 'DOCUMENT_INVALID',
      email: 'EMAIL_INVALID',
      phone: 'PHONE_INVALID',
    });
    expect(validateForm({ ...ok, email: '', phone: '' }, 'transaction', 10_000_000)).toEqual({});
    expect(validateForm({ ...ok, amountCents: 10_000_001 }, 'deposit', 10_000_000)).toEqual({
      amount: 'AMOUNT_ABOVE_MAX',
    });
    expect(validateForm({ ...ok, name: '  ' }, 'deposit', 10_000_000)).toEqual({
      name: 'PAYER_NAME_EMPTY',
    });
  });

  it('shows the message next to its field, tied for screen readers', () => {
    render(
      <TextField
        id="payer-document"
        label="CPF/CNPJ do pagador"
        value="1"
        error={i18next.t('errors.DOCUMENT_INVALID')}
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('CPF/CNPJ do pagador');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('CPF/CNPJ inválido: confira os números.');
    expect(input.getAttribute('aria-describedby')).toBe('payer-document-error');
  });
});

const charge = (over: Partial<ChargeView> = {}): ChargeView => ({
  id: 'c1',
  externalId: 'blc_1',
  operation: 'deposit',
  amountCents: 1234,
  status: 'PENDING',
  brcode:
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  flags: [],
  demo: true,
  createdAt: Date.now(),
  updatedAt: Date.now(),
  expiresAt: Date.now() + 15 * 60_000,
  ...over,
});

/** A ChargePanel for this view, in DEMO unless told otherwise, its callbacks doing nothing. */
const panel = (view: ChargeView, props: Partial<ComponentProps<typeof ChargePanel>> = {}) => (
  <ChargePanel
    charge={view}
    demo
    onNew={() => {}}
    onSimulate={() => {}}
    onRecheck={() => {}}
    {...props}
  />
);

describe('status rendering', () => {
  it.each([
    ['PENDING', 'Aguardando pagamento'],
    ['PAID', 'Pago'],
    ['FAILED', 'Falhou'],
    ['EXPIRED', 'Expirado'],
    ['CANCELED', 'Cancelado'],
    ['UNCERTAIN', 'Verificando…'],
  ] as const)('%s reads "%s" in a status region', (status, text) => {
    render(<ChargeStatus status={status} />);
    expect(screen.getByRole('status').textContent).toBe(text);
  });

  it('a pending charge shows the QR, its code, copy and print; Simular pagamento only in DEMO', async () => {
    const { rerender } = render(panel(charge()));
    expect(await screen.findByRole('img', { name: 'QR Code PIX' })).toBeTruthy();
    expect(screen.getByTestId('pix-copia-e-cola').textContent).toBe(charge().brcode);
    for (const name of ['Copiar código', 'Imprimir', 'Simular pagamento', 'Nova cobrança'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByText(/Expira em 1[45]:\d\d/)).toBeTruthy();
    rerender(panel(charge(), { demo: false }));
    expect(screen.queryByRole('button', { name: 'Simular pagamento' })).toBeNull();
  });

  // The QR mounts a placeholder at once and the image a moment later: checking for either (and
  // for the copy-and-paste text) catches a QR shown for a charge that must not show one.
  const qrShown = (container: HTMLElement) =>
    container.querySelector('.qr, .qr-placeholder') !== null ||
    screen.queryByTestId('pix-copia-e-cola') !== null;

  it.each(['FAILED', 'UNCERTAIN', 'SUBMITTING', 'EXPIRED', 'CANCELED'] as const)(
    'no QR for a %s charge, even when the view carries a payload',
    (status) => {
      const { container } = render(panel(charge({ status })));
      expect(charge({ status }).brcode).toMatch(/^000201/);
      expect(qrShown(container)).toBe(false);
      expect(screen.queryByRole('button', { name: 'Copiar código' })).toBeNull();
    },
  );

  it('a failed charge says why in words (from its code), an uncertain one offers a recheck', () => {
    render(panel(charge({ status: 'FAILED', notice: { code: 'QR_REJECTED' } })));
    expect(screen.getByRole('alert').textContent).toContain('código PIX inválido');
    cleanup();
    render(
      panel(
        charge({ status: 'FAILED', notice: { code: 'PSP_REFUSED', reason: 'PSP_UNAVAILABLE' } }),
      ),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'O PSP recusou a cobrança: o PSP está fora do ar. Nada foi cobrado; tente de novo.',
    );
    cleanup();
    render(panel(charge({ status: 'UNCERTAIN' })));
    expect(screen.getByRole('button', { name: 'Verificar de novo' })).toBeTruthy();
  });

  it('PAID takes the whole panel, its amount, and Nova cobrança gets the focus; in English too', async () => {
    const { container } = render(panel(charge({ status: 'PAID' })));
    expect(qrShown(container)).toBe(false);
    expect(container.querySelector('.paid-amount')!.textContent).toBe('R$\u00a012,34');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nova cobrança' }));
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'New charge' })).toBeTruthy();
    await act(() => i18next.changeLanguage('pt-BR'));
  });

  it('the status is one persistent live region: a change updates it in place, announced once', async () => {
    const { rerender } = render(<ChargeStatus status={null} />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    for (const [status, text] of [
      ['PENDING', 'Aguardando pagamento'],
      ['PAID', 'Pago'],
    ] as const) {
      rerender(<ChargeStatus status={status} />);
      expect(screen.getByRole('status')).toBe(region);
      expect(region.textContent).toBe(text);
    }
    await act(() => i18next.changeLanguage('en'));
    expect(region.textContent).toBe('Paid');
    await act(() => i18next.changeLanguage('pt-BR'));
  });

  it('the QR takes the focus to its panel when it appears; Cancelar cobrança on an open charge', async () => {
    render(panel(charge(), { demo: false, onCancel: () => {} }));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Cobrança');
    expect(screen.getByRole('button', { name: 'Cancelar cobrança' })).toBeTruthy();
  });

  it('an open charge whose payment cannot arrive says so, with what to do', () => {
    render(panel(charge(), { demo: false, offline: true }));
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toMatch(/Sem aviso automático de pagamento.*Não cobre de novo/);
    // Never "ask for the receipt": it can be faked (issue 33). What cannot be faked instead.
    expect(text).not.toMatch(/peça .*comprovante/i);
    expect(text).toMatch(/Histórico.*aplicativo do seu banco/);
  });
});
