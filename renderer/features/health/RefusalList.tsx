import { useEffect } from 'react';
import { bridge } from '../../bridge';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';
import { refusalReason } from '../../../shared/domain/callback-refusals';
import { useRefusals } from '../../stores/refusals-store';

/**
 * The refused callbacks kept (the last 500; the newest 100 here): when, the reason and what it
 * means, and the ids each named — the PSP does not resend them, so the owner checks those.
 */
export function RefusalList() {
  const { t } = useTranslation();
  const { view, load } = useRefusals();
  useEffect(() => {
    void load();
    // A refusal notice means the list grew (one per notice window, however many arrived).
    return bridge().on('app:notice', (n) => {
      if (n.code === 'CALLBACKS_REFUSED') void load();
    });
  }, [load]);
  if (!view) return null;
  const title = t('callbackRefusals.title');
  return (
    <section className="stack" aria-labelledby="refusals-title">
      <h2 id="refusals-title">{title}</h2>
      <p className="muted">
        {t('callbackRefusals.intro')} {t('callbackRefusals.today', { count: view.today.count })}
      </p>
      {view.recent.length === 0 ? (
        <p>{t('callbackRefusals.none')}</p>
      ) : (
        <ul className="check-lines" aria-label={title}>
          {view.recent.map((r, i) => {
            const reason = refusalReason(r.code);
            return (
              <li key={`${r.at}-${i}`} className="health-bad" data-reason={reason}>
                <span className="muted">{formatDateTime(r.at)} </span>
                <strong>{t(`callbackRefusals.reason.${reason}.label`)}</strong>
                <span> — {t(`callbackRefusals.reason.${reason}.what`)}. </span>
                <span className="muted">
                  {r.ids.length
                    ? t('callbackRefusals.ids', { ids: r.ids.join(', ') })
                    : t('callbackRefusals.noIds')}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
