// Histórico's page size without the history schemas (zod): the history store is in the
// cashier's first chunk (live updates), shared/history.ts re-exports it (issue 35).
export const HISTORY_MAX_PER_PAGE = 500;
