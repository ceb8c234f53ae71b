import { useTranslation } from '../../i18n';
import { PER_PAGE, useHistory } from '../../stores/history-store';

/** Histórico's pages: `Anterior`, page N of M (and how many charges), `Próxima`. */
export function HistoryPager() {
  const { t } = useTranslation();
  const page = useHistory((s) => s.page);
  const total = useHistory((s) => s.total);
  const goto = useHistory((s) => s.goto);
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  return (
    <nav className="pager" aria-label={t('history.pages')}>
      <button
        type="button"
        className="btn btn-small"
        disabled={page <= 1}
        onClick={() => void goto(page - 1)}
      >
        {t('history.prev')}
      </button>
      <span className="pager-info" data-testid="history-pager">
        {t('history.pageOf', { page, pages, total })}
      </span>
      <button
        type="button"
        className="btn btn-small"
        disabled={page >= pages}
        onClick={() => void goto(page + 1)}
      >
        {t('history.next')}
      </button>
    </nav>
  );
}
