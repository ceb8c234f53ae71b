import type { PrinterKind } from '../../../shared/domain/printer-target';
import type { AppSettings } from '../../../shared/settings';
import { Choice } from '../../components/Choice';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';

/** The printer: the system dialog, or an ESC/POS thermal printer on the network or a device. */
export function PrinterSection({ s, edit }: { s: AppSettings; edit(s: AppSettings): void }) {
  const { t } = useTranslation();
  const p = s.printer;
  const set = (patch: Partial<AppSettings['printer']>) =>
    edit({ ...s, printer: { ...p, ...patch } });
  return (
    <fieldset className="stack">
      <legend>{t('printer.title')}</legend>
      <Choice<PrinterKind>
        id="set-printer-kind"
        label={t('printer.kind')}
        value={p.kind}
        options={[
          ['system', t('printer.system')],
          ['escpos-network', t('printer.network')],
          ['escpos-file', t('printer.file')],
        ]}
        onChange={(kind) => set({ kind })}
      />
      {p.kind === 'system' ? (
        <TextField
          id="set-printer"
          label={t('settings.printer')}
          value={p.name}
          onChange={(name) => set({ name })}
        />
      ) : (
        <TextField
          id="set-printer-address"
          label={p.kind === 'escpos-network' ? t('printer.address') : t('printer.path')}
          value={p.address}
          onChange={(address) => set({ address })}
        />
      )}
      <Choice
        id="set-paper"
        label={t('settings.paper')}
        value={p.paperWidthMm}
        options={[
          [58, '58 mm'],
          [80, '80 mm'],
        ]}
        onChange={(paperWidthMm) => set({ paperWidthMm })}
      />
    </fieldset>
  );
}
