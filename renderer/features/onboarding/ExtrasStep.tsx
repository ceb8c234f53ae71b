import { AlertNotice } from '../../components/AlertNotice';
import { useOnboarding } from '../../stores/onboarding-store';
import { PrinterSection } from '../settings/PrinterSection';
import { DefaultPayerFields } from './DefaultPayerFields';
import { useFieldError } from './field-error';
import { RelayFields } from './RelayFields';

/** Callbacks (relay) and the printer. */
export function ExtrasStep() {
  const { form, edit, base } = useOnboarding();
  const error = useFieldError();
  return (
    <>
      <RelayFields />
      {base && (
        <PrinterSection
          s={{ ...base, printer: form.printer }}
          edit={(next) => edit({ printer: next.printer })}
        />
      )}
      {error('printer.address') && (
        <AlertNotice className="field-error">{error('printer.address')}</AlertNotice>
      )}
      <DefaultPayerFields />
    </>
  );
}
