import { render } from '@testing-library/react';
import { HistoryTable } from '../../renderer/features/history/HistoryTable';
import type { HistoryRow } from '../../shared/history';

type Props = Parameters<typeof HistoryTable>[0];
const noop = () => {};
const handlers = { onDay: noop, onStatus: noop, onText: noop, onDetail: noop, onPrint: noop };

/** Histórico's table of `rows` for 2026-11-21, unfiltered, every callback a no-op unless given. */
export const renderHistoryTable = (rows: HistoryRow[], over: Partial<Props> = {}) =>
  render(<HistoryTable day="2026-11-21" status="" text="" rows={rows} {...handlers} {...over} />);

/** A paid deposit of R$ 5,00 as Histórico lists it, created, updated and expiring `at`. */
export const historyRow = (at: number, over: Partial<HistoryRow> = {}): HistoryRow => ({
  id: 'a',
  externalId: 'blc_a',
  operation: 'deposit',
  amountCents: 500,
  status: 'PAID',
  flags: [],
  demo: false,
  createdAt: at,
  updatedAt: at,
  expiresAt: at,
  ...over,
});
