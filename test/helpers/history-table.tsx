import { render } from '@testing-library/react';
import { HistoryTable } from '../../renderer/features/history/HistoryTable';
import type { HistoryRow } from '../../shared/history';

const noop = () => {};

/** Histórico's table of `rows` for 2026-11-21, unfiltered, every callback a no-op unless given. */
export const renderHistoryTable = (
  rows: HistoryRow[],
  over: Partial<Parameters<typeof HistoryTable>[0]> = {},
) =>
  render(
    <HistoryTable
      day="2026-11-21"
      status=""
      text=""
      rows={rows}
      onDay={noop}
      onStatus={noop}
      onText={noop}
      onDetail={noop}
      onPrint={noop}
      {...over}
    />,
  );
