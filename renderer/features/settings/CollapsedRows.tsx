import type { AppSettings } from '../../../shared/settings';
import { useTranslation } from '../../i18n';
import { COMPAT_ROWS, QUERY_ROWS, type FieldRow } from './field-table';
import { FieldRows } from './FieldRows';

/**
 * Rows of the field table behind a summary, collapsed: what a preset fills and a shop rarely
 * changes (Avançado). A preset applied elsewhere refills every field (`key`).
 */
function collapsedRows(
  title: string,
  note: string,
  rows: readonly FieldRow[],
  familyOnly: boolean,
) {
  return function CollapsedRows({ s, edit }: { s: AppSettings; edit(next: AppSettings): void }) {
    const { t } = useTranslation();
    if (familyOnly && s.psp.kind === 'api-pix') return null;
    return (
      <details className="compat">
        <summary>{t(title)}</summary>
        <p className="muted">{t(note)}</p>
        <FieldRows key={s.psp.preset} rows={rows} s={s} edit={edit} />
      </details>
    );
  };
}

/**
 * `Compatibilidade do PSP (avançado)` (docs/psp-compatibility.md): what the seed leaves open, so a
 * shop whose PSP differs changes a setting, not code. The defaults fit the documented PSP.
 */
export const CompatibilitySection = collapsedRows(
  'compat.title',
  'compat.note',
  COMPAT_ROWS,
  false,
);

/** The status query's request and where its reply holds each value (paths into the PSP's JSON). */
export const QuerySection = collapsedRows(
  'sections.queryTitle',
  'settingsHelp.replyPaths',
  QUERY_ROWS,
  true,
);
