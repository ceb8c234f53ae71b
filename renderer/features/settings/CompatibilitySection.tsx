import type { AppSettings } from '../../../shared/settings';
import { useTranslation } from '../../i18n';
import { COMPAT_ROWS } from './field-table';
import { FieldRows } from './FieldRows';

/**
 * The PSP compatibility settings (docs/psp-compatibility.md): what the seed leaves open, so a shop
 * whose PSP differs changes a setting, not code. Collapsed: the defaults fit the documented PSP.
 * The fields are the rows of COMPAT_ROWS (field-table.ts).
 */
export function CompatibilitySection({
  s,
  edit,
}: {
  s: AppSettings;
  edit(next: AppSettings): void;
}) {
  const { t } = useTranslation();
  return (
    <details className="compat">
      <summary>{t('compat.title')}</summary>
      <p className="muted">{t('compat.note')}</p>
      {/* A preset applied above refills every field. */}
      <FieldRows key={s.psp.preset} rows={COMPAT_ROWS} s={s} edit={edit} />
    </details>
  );
}
