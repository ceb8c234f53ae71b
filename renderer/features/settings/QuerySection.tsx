import type { AppSettings } from '../../../shared/settings';
import { useTranslation } from '../../i18n';
import { QUERY_ROWS } from './field-table';
import { FieldRows } from './FieldRows';

/**
 * The status query's request and where its reply holds each value (paths into the PSP's JSON):
 * collapsed under Avançado, since the preset fills them. The fields are QUERY_ROWS.
 */
export function QuerySection({ s, edit }: { s: AppSettings; edit(next: AppSettings): void }) {
  const { t } = useTranslation();
  if (s.psp.kind === 'api-pix') return null;
  return (
    <details className="compat">
      <summary>{t('sections.queryTitle')}</summary>
      <p className="muted">{t('settingsHelp.replyPaths')}</p>
      {/* A preset applied elsewhere refills every field. */}
      <FieldRows key={s.psp.preset} rows={QUERY_ROWS} s={s} edit={edit} />
    </details>
  );
}
