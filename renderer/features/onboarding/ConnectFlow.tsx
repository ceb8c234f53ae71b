import { AlertNotice } from '../../components/AlertNotice';
import { useEffect, useState } from 'react';
import { Form } from '../../components/Form';
import { callbackFailed } from '../../../shared/domain/connection-checks';
import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';
import { useOnboarding } from '../../stores/onboarding-store';
import { ExtrasStep } from './ExtrasStep';
import { PinStep } from './PinStep';
import { PspStep } from './PspStep';
import { ApiPixConnected } from './ApiPixConnected';
import { WelcomeChoices } from './WelcomeChoices';

type Step = 'welcome' | 'pin' | 'psp' | 'extras';
const PIN_FIELDS = new Set(['newPin', 'confirmPin']);
const PSP_FIELDS = new Set(['baseUrl', 'clientId', 'clientSecret', 'webhookSecret', 'units']);

/**
 * `Bem-vindo ao Balcão` (first run) and Configurações → `Conectar ao PSP`: the same steps,
 * nothing stored until `Salvar e usar` succeeds.
 */
export function ConnectFlow({ firstRun, onDone }: { firstRun: boolean; onDone(): void }) {
  const { t } = useTranslation();
  const ob = useOnboarding();
  const [step, setStep] = useState<Step>(firstRun ? 'welcome' : 'psp');
  const { start } = ob;
  useEffect(() => {
    void start();
  }, [start]);
  useEffect(() => {
    // A refused field from the service: back to the step that holds it.
    const fields = Object.keys(ob.errors);
    if (step === 'welcome') return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the refusal arrives from the service
    if (fields.some((f) => PIN_FIELDS.has(f))) setStep('pin');
    else if (fields.some((f) => PSP_FIELDS.has(f) || /^(apiPix|certificate)\./.test(f)))
      setStep('psp');
    // Only a new refusal moves the step (not a step change by itself), hence `step` unlisted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ob.errors]);
  useEffect(() => {
    document
      .querySelector<HTMLElement>('.onboarding h2, .onboarding input, .onboarding button')
      ?.focus();
    // The form appears once the saved settings are in: the focus goes to it then too.
  }, [step, ob.loading]);

  const tryDemo = async () => {
    await useApp.getState().dismissWelcome();
    onDone();
  };
  const next = () => {
    if (step === 'pin' && ob.checkPin()) setStep('psp');
    else if (step === 'psp') setStep('extras');
    else if (step === 'extras')
      void ob.save(firstRun).then((saved) => {
        // The API Pix: the webhook registration's outcome is read before leaving.
        if (saved && !useOnboarding.getState().webhook) onDone();
      });
  };
  const back = () =>
    setStep(step === 'extras' ? 'psp' : firstRun && step === 'psp' ? 'pin' : 'welcome');
  const order: Step[] = firstRun ? ['pin', 'psp', 'extras'] : ['psp', 'extras'];
  return (
    <div className="onboarding">
      {firstRun && <h1>{t('onboarding.welcome')}</h1>}
      {!firstRun && <h1>{t('onboarding.connect')}</h1>}
      {ob.webhook ? (
        <ApiPixConnected outcome={ob.webhook} onDone={() => void ob.finish().then(onDone)} />
      ) : step === 'welcome' ? (
        <WelcomeChoices onDemo={() => void tryDemo()} onConnect={() => setStep('pin')} />
      ) : ob.loading ? (
        // A PIN typed before the saved settings arrived was wiped by them (seen in e2e runs).
        <p className="muted" aria-busy="true">
          {t('onboarding.loading')}
        </p>
      ) : (
        <Form onSubmit={next} noValidate>
          <p className="muted">
            {t('onboarding.stepOf', { n: order.indexOf(step) + 1, total: order.length })}
          </p>
          {step === 'pin' && <PinStep />}
          {step === 'psp' && <PspStep />}
          {step === 'extras' && <ExtrasStep />}
          {step === 'extras' && callbackFailed(ob.report?.checks) && (
            <AlertNotice className="field-error">{t('onboarding.callbackWarning')}</AlertNotice>
          )}
          {ob.failure && <AlertNotice className="field-error">{ob.failure}</AlertNotice>}
          <div className="row">
            {(firstRun || step !== 'psp') && (
              <button type="button" className="btn" onClick={back}>
                {t('onboarding.back')}
              </button>
            )}
            {!firstRun && step === 'psp' && (
              <button type="button" className="btn" onClick={onDone}>
                {t('owner.cancel')}
              </button>
            )}
            <button type="submit" className="btn btn-primary" disabled={ob.saving}>
              {step === 'extras' ? t('onboarding.save') : t('onboarding.next')}
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}
