import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { checkNewPin } from '../../shared/pin-rule';
import { describeError } from '../bridge';
import { useTranslation } from '../i18n';
import { PinField } from './PinField';

const FOCUSABLE = 'input, select, textarea, button, [href], [tabindex]:not([tabindex="-1"])';

/**
 * The owner gate: a modal dialog named "PIN do proprietário". Focus stays inside while it is
 * open and goes back where it was when it closes; Esc closes the dialog and nothing else.
 * Without a PIN yet (DEMO tried first) it sets one, typed twice.
 */
export function PinDialog({
  onUnlock,
  onSetPin,
  onCancel,
  hasPin,
}: {
  onUnlock(pin: string): Promise<string | null>;
  onSetPin(pin: string): Promise<string | null>;
  onCancel(): void;
  hasPin: boolean;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const dialog = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLElement>('input')?.focus();
    return () => opener?.focus?.();
  }, []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!hasPin) {
      const bad = checkNewPin(pin, confirm)[0];
      if (bad) return setError({ field: bad.field, text: describeError({ code: bad.code }) });
    }
    const problem = hasPin ? await onUnlock(pin) : await onSetPin(pin);
    setError(problem ? { field: 'newPin', text: problem } : null);
    if (problem) {
      setPin('');
      setConfirm('');
    }
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      // The cashier's Esc (Nova cobrança) must not also run.
      e.stopPropagation();
      e.preventDefault();
      onCancel();
    } else if (e.key === 'Tab') {
      const items = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  };
  const errorOf = (field: string) => (error?.field === field ? error.text : undefined);
  return (
    <div className="modal-backdrop">
      <form
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="pin-title"
        className="modal"
        onSubmit={submit}
        onKeyDown={keys}
      >
        <h2 id="pin-title">{t('owner.pinDialog')}</h2>
        {!hasPin && <p>{t('owner.noPin')}</p>}
        <PinField
          bare
          id="owner-pin"
          label={hasPin ? t('owner.pin') : t('owner.newPin')}
          value={pin}
          error={errorOf('newPin')}
          onChange={setPin}
        />
        {!hasPin && (
          <PinField
            bare
            id="owner-pin2"
            label={t('owner.confirmPin')}
            value={confirm}
            error={errorOf('confirmPin')}
            onChange={setConfirm}
          />
        )}
        <div className="modal-actions">
          <button type="submit" className="btn btn-primary">
            {hasPin ? t('owner.unlock') : t('owner.setPin')}
          </button>
          <button type="button" className="btn" onClick={onCancel}>
            {t('owner.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
