import type { ReactNode } from 'react';

/**
 * `Anterior`, where the list is (the caller's text, `children`), `Próxima`: the pages of
 * Histórico and of Infrações. With a `label` it is a named navigation landmark.
 */
export function Pager({
  label,
  page,
  hasNext,
  onPage,
  prev,
  next,
  small = false,
  children,
}: {
  label?: string;
  page: number;
  hasNext: boolean;
  onPage(page: number): void;
  prev: string;
  next: string;
  /** Small buttons (Histórico's, under a long table). */
  small?: boolean;
  children: ReactNode;
}) {
  const Box = label ? 'nav' : 'div';
  const btn = small ? 'btn btn-small' : 'btn';
  return (
    <Box className="pager" aria-label={label}>
      <button type="button" className={btn} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {prev}
      </button>
      {children}
      <button type="button" className={btn} disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {next}
      </button>
    </Box>
  );
}
