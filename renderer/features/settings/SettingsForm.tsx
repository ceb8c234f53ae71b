import { Form } from '../../components/Form';
import type { AppSettings } from '../../../shared/settings';
import { useTranslation } from '../../i18n';
import { CompatibilitySection } from './CompatibilitySection';
import {
  API_PIX_ROWS,
  GENERAL_ROWS,
  KEYCHAIN_ROWS,
  SWITCH_ROWS,
  TERMINAL_ROWS,
} from './field-table';
import { FieldRows } from './FieldRows';
import { PrinterSection } from './PrinterSection';
import { PspProfileSection } from './PspProfileSection';

/** The non-secret settings, saved together by `Salvar`. */
export function SettingsForm({
  s,
  edit,
  save,
}: {
  s: AppSettings;
  edit(next: AppSettings): void;
  save(): void;
}) {
  const { t } = useTranslation();
  return (
    <Form onSubmit={save} className="stack">
      <FieldRows key={`general-${s.psp.preset}`} rows={GENERAL_ROWS} s={s} edit={edit} />
      <FieldRows key={`apipix-${s.psp.apiPix.preset}`} rows={API_PIX_ROWS} s={s} edit={edit} />
      {s.psp.kind !== 'api-pix' && <PspProfileSection s={s} edit={edit} />}
      <FieldRows rows={TERMINAL_ROWS} s={s} edit={edit} />
      <PrinterSection s={s} edit={edit} />
      <FieldRows rows={SWITCH_ROWS} s={s} edit={edit} />
      <FieldRows rows={KEYCHAIN_ROWS} s={s} edit={edit} />
      <p className="hint" id="set-keychain-note">
        {t('settings.keychainNextStart')}
      </p>
      <CompatibilitySection s={s} edit={edit} />
      <button type="submit" className="btn btn-primary">
        {t('settings.save')}
      </button>
    </Form>
  );
}
