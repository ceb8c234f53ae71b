import type { PrinterKind } from '../../../shared/domain/printer-target';
import type { AppSettings } from '../../../shared/settings';
import { bindFields } from '../../components/bind-fields';
import { Choice } from '../../components/Choice';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';

/** The printer: the system dialog, or an ESC/POS thermal printer on the network or a device. */
export function PrinterSection({ s, edit }: { s: AppSettings; edit(s: AppSettings): void }) {
  const { t } = useTranslation();
  const p = s.printer;
  const field = bindFields(p, (patch) => edit({ ...s, printer: { ...p, ...patch } }));
  return (
    <fieldset className="stack">
      <legend>{t('printer.title')}</legend>
      <Choice<PrinterKind>
        id="set-printer-kind"
        label={t('printer.kind')}
        {...field('kind')}
        options={[
          ['system', t('printer.system')],
          ['escpos-network', t('printer.network')],
          ['escpos-file', t('printer.file')],
        ]}
      />
      {p.kind === 'system' ? (
        <TextField id="set-printer" label={t('settings.printer')} {...field('name')} />
      ) : (
        <TextField
          id="set-printer-address"
          label={p.kind === 'escpos-network' ? t('printer.address') : t('printer.path')}
          {...field('address')}
        />
      )}
      <Choice
        id="set-paper"
        label={t('settings.paper')}
        {...field('paperWidthMm')}
        options={[
          [58, '58 mm'],
          [80, '80 mm'],
        ]}
      />
    </fieldset>
  );
}
