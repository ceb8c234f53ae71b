import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EMPTY_COBV,
  readCobvDraft,
  type CobvDraft,
  type CobvErrors,
} from '../../../renderer/features/cashier/cobv-fields';
import { DueDateFields } from '../../../renderer/features/cashier/DueDateFields';
import { i18next } from '../../../renderer/i18n';

afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('pt-BR'));
});

const TODAY = '2026-11-28';
const maria = { name: 'Maria Souza', document: '529.982.247-25' };

/** The fields as the Caixa uses them: typed, then read on `Cobrar`, errors under each field. */
function Harness({ payer = maria, onTerms }: { payer?: typeof maria; onTerms(t: unknown): void }) {
  const [draft, setDraft] = useState<CobvDraft>(EMPTY_COBV);
  const [errors, setErrors] = useState<CobvErrors>({});
  const submit = () => {
    const r = readCobvDraft(draft, 10_000, payer, TODAY);
    if ('terms' in r) {
      setErrors({});
      onTerms(r.terms);
    } else setErrors(r.errors);
  };
  return (
    <form onSubmit={(e) => (e.preventDefault(), submit())}>
      <DueDateFields draft={draft} errors={errors} onChange={(p) => setDraft({ ...draft, ...p })} />
      <button type="submit">Cobrar</button>
    </form>
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Com vencimento: the form from its table of fields', () => {
  it('says a past due date and a fine above the law in words, under their fields, and sends nothing', () => {
    const sent: unknown[] = [];
    render(<Harness onTerms={(t) => sent.push(t)} />);
    type('Vencimento', '2026-11-20');
    fireEvent.click(screen.getByText('Cobrar'));
    expect(screen.getByRole('alert').textContent).toBe('O vencimento não pode ser antes de hoje.');
    expect(screen.getByLabelText('Vencimento').getAttribute('aria-invalid')).toBe('true');
    type('Vencimento', '2026-12-10');
    type('Multa por atraso (%)', '10');
    fireEvent.click(screen.getByText('Cobrar'));
    expect(screen.getByRole('alert').textContent).toBe(
      'A multa por atraso vai de 0 a 2% (Código de Defesa do Consumidor).',
    );
    type('Multa por atraso (%)', '2,5555');
    fireEvent.click(screen.getByText('Cobrar'));
    expect(screen.getByRole('alert').textContent).toMatch(/^Percentual inválido/);
    expect(sent).toEqual([]);

    type('Multa por atraso (%)', '2');
    type('Juros (% ao mês)', '1');
    type('Desconto até o vencimento (R$)', '5,00');
    fireEvent.click(screen.getByText('Cobrar'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toEqual([
      {
        dueDate: '2026-12-10',
        daysAfterDue: 30,
        finePct: 200,
        interestPctMonth: 100,
        discountCents: 500,
      },
    ]);
  });

  it('in English too: interest above 1 % a month, and a payer without a document', async () => {
    await act(() => i18next.changeLanguage('en'));
    render(<Harness payer={{ name: 'Maria', document: '' }} onTerms={() => {}} />);
    type('Due date', '2026-12-10');
    type('Interest (% a month)', '3');
    fireEvent.click(screen.getByText('Cobrar'));
    expect(screen.getByRole('alert').textContent).toBe('Interest goes from 0 to 1% a month.');
    type('Interest (% a month)', '1');
    fireEvent.click(screen.getByText('Cobrar'));
    // The spec requires the payer (devedor): said in words, nothing sent.
    expect(screen.getByRole('alert').textContent).toBe(
      "A charge with a due date needs the payer's name and CPF or CNPJ.",
    );
  });
});
