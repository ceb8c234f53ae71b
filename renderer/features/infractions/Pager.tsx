import { useTranslation } from '../../i18n';

/** `Anterior`, the page (of how many, when known), `Próxima`. */
export function Pager({
  page,
  totalPages,
  hasNext,
  onPage,
}: {
  page: number;
  totalPages: number | undefined;
  hasNext: boolean;
  onPage(page: number): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pager">
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('infractions.previous')}
      </button>
      <span>
        {t('infractions.page', { page })}
        {totalPages ? t('infractions.of', { total: totalPages }) : ''}
      </span>
      <button type="button" className="btn" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t('infractions.next')}
      </button>
    </div>
  );
}
