import type { KeyboardEvent } from 'react';
import { formatBRL, NBSP, parseMoney } from '../../../shared/domain/money';

interface Props {
  cents: number;
  error?: string;
  label: string;
  onDigit(d: number): void;
  onBackspace(): void;
  onSet(cents: number): void;
  autoFocus?: boolean;
}

/**
 * The amount: digits shift in from the right (1, 2, 3, 4 → R$ 12,34), Backspace removes the
 * last one, a pasted amount in any pt-BR form is parsed. Enter submits the form.
 */
export function AmountField({
  cents,
  error,
  label,
  onDigit,
  onBackspace,
  onSet,
  autoFocus,
}: Props) {
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (/^\d$/.test(e.key)) {
      e.preventDefault();
      onDigit(Number(e.key));
    } else if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      if (e.ctrlKey || e.metaKey) onSet(0);
      else onBackspace();
    }
  };
  return (
    <div className="field field-amount">
      <label htmlFor="amount">{label}</label>
      <input
        id="amount"
        className="amount-input"
        inputMode="numeric"
        autoComplete="off"
        autoFocus={autoFocus}
        // An input never wraps: a plain space, so typed and pasted text read alike.
        value={formatBRL(cents).replace(NBSP, ' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'amount-error' : undefined}
        onKeyDown={onKeyDown}
        onChange={(e) => {
          // Paste or IME input: read whatever amount the text holds.
          const r = parseMoney(e.target.value);
          if (r.ok) onSet(r.value);
        }}
      />
      {error && (
        <p id="amount-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
