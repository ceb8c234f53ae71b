// Dates follow the chosen language on every screen: no renderer file formats a date with a fixed
// locale (they all go through renderer/i18n/dates.ts), and the history table shows English times
// once English is chosen.
import { cleanup, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../renderer/i18n';
import { formatDateTime, formatTime } from '../../../renderer/i18n/dates';
import { historyRow, renderHistoryTable } from '../../helpers/history-table';

afterEach(async () => {
  cleanup();
  await setLanguage('pt-BR');
});

const root = path.resolve(import.meta.dirname, '../../../renderer');
const at = new Date(2026, 10, 21, 15, 5, 7).getTime();

describe('dates in the chosen language', () => {
  it('no screen formats a date or time with a fixed locale or the system’s', () => {
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|tsx)$/.test(f) && f !== path.join('i18n', 'dates.ts'))
      .filter((f) =>
        /toLocale(Date|Time)?String\(\s*(\)|'pt-BR')/.test(
          readFileSync(path.join(root, f), 'utf8'),
        ),
      );
    expect(files).toEqual([]);
  });

  it('formats by the interface language', async () => {
    expect(formatDateTime(at)).toBe('21/11/2026, 15:05:07');
    await setLanguage('en');
    expect(formatDateTime(at)).toBe('11/21/2026, 03:05:07 PM');
    expect(formatTime(at)).toBe('03:05:07 PM');
  });

  it('a time is as wide at 9:59 as at 10:00, so table columns do not move with the hour', async () => {
    const nine = new Date(2026, 0, 5, 9, 59, 59).getTime();
    const ten = new Date(2026, 10, 28, 10, 0, 0).getTime();
    for (const lng of ['pt-BR', 'en'] as const) {
      await setLanguage(lng);
      expect(formatDateTime(nine).length, lng).toBe(formatDateTime(ten).length);
      expect(formatTime(nine).length, lng).toBe(formatTime(ten).length);
    }
  });

  it('the history table shows English times in English', async () => {
    await setLanguage('en');
    const row = historyRow(at);
    renderHistoryTable([row]);
    expect(screen.getByText('03:05:07 PM')).toBeTruthy();
    expect(screen.queryByText('15:05:07')).toBeNull();
  });
});
