import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n';

/** The owner gate: a modal dialog named "PIN do proprietário". */
export function PinDialog({
  onUnlock,
  onCancel,
  hasPin,
}: {
  onUnlock(pin: string): Promise<string | null>;
  onCancel(): void;
  hasPin: boolean;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = await onUnlock(pin);
    setError(problem);
    if (problem) setPin('');
  };
  return (
    <div className="modal-backdrop">
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby="pin-title"
        className="modal"
        onSubmit={submit}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          // Esc closes this dialog only: the screen under it keeps its sale.
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }}
      >
        <h2 id="pin-title">{t('owner.pinDialog')}</h2>
        {!hasPin && <p>{t('owner.noPin')}</p>}
        <label htmlFor="owner-pin">{t('owner.pin')}</label>
        <input
          id="owner-pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          value={pin}
          onChange={(e) => setPin(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'pin-error' : undefined}
        />
        {error && (
          <p id="pin-error" role="alert" className="field-error">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button type="submit" className="btn btn-primary">
            {t('owner.unlock')}
          </button>
          <button type="button" className="btn" onClick={onCancel}>
            {t('owner.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
