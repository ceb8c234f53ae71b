import { Pager } from '../../components/Pager';
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
    <Pager
      label={t('history.pages')}
      page={page}
      hasNext={page < pages}
      onPage={(p) => void goto(p)}
      prev={t('history.prev')}
      next={t('history.next')}
      small
    >
      <span className="pager-info" data-testid="history-pager">
        {t('history.pageOf', { page, pages, total })}
      </span>
    </Pager>
  );
}
