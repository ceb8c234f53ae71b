import { useState } from 'react';
import { checkNewPin } from '../../../shared/onboarding';
import { describeError } from '../../bridge';
import { PinField } from '../../components/PinField';
import { useTranslation } from '../../i18n';
import { useSettings } from '../../stores/settings-store';

type PinName = 'currentPin' | 'newPin' | 'confirmPin';
const NO_PINS: Record<PinName, string> = { currentPin: '', newPin: '', confirmPin: '' };
/** Each field: what it holds, its id, its label. */
const PIN_FIELDS = [
  ['currentPin', 'pin-current', 'settings.currentPin'],
  ['newPin', 'pin-new', 'owner.newPin'],
  ['confirmPin', 'pin-confirm', 'owner.confirmPin'],
] as const;

/** `Alterar PIN`: the current PIN, then the new one twice; cleared once sent. */
export function ChangePinSection() {
  const { t } = useTranslation();
  const changePinIn = useSettings((st) => st.changePin);
  const [pins, setPins] = useState(NO_PINS);
  const [pinError, setPinError] = useState<{ field: string; code: string } | null>(null);
  const changePin = async () => {
    const { currentPin, newPin, confirmPin } = pins;
    const bad = checkNewPin(newPin, confirmPin)[0];
    if (!currentPin) return setPinError({ field: 'currentPin', code: 'PIN_CURRENT_EMPTY' });
    if (bad) return setPinError(bad);
    const problem = await changePinIn({ newPin, currentPin });
    setPinError(
      problem && {
        field: problem.field === 'newPin' ? 'newPin' : 'currentPin',
        code: problem.code,
      },
    );
    setPins(NO_PINS);
  };
  const pinErr = (field: string) =>
    pinError?.field === field ? describeError({ code: pinError.code }) : undefined;
  return (
    <section className="stack" aria-label={t('settings.changePin')}>
      <h2>{t('settings.changePin')}</h2>
      {PIN_FIELDS.map(([name, id, label]) => (
        <PinField
          key={name}
          id={id}
          label={t(label)}
          value={pins[name]}
          error={pinErr(name)}
          onChange={(v) => setPins((p) => ({ ...p, [name]: v }))}
        />
      ))}
      <button type="button" className="btn" onClick={() => void changePin()}>
        {t('settings.changePin')}
      </button>
    </section>
  );
}
