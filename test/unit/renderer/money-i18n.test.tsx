// Amounts follow the chosen language on every screen: English shows R$1,234.56, pt-BR keeps
// R$ 1.234,56. Only the amount inputs keep the pt-BR form (their parser reads it).
import { cleanup, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../renderer/i18n';
import { historyRow, renderHistoryTable } from '../../helpers/history-table';

afterEach(async () => {
  cleanup();
  await setLanguage('pt-BR');
});

const root = path.resolve(import.meta.dirname, '../../../renderer');
const at = new Date(2026, 10, 21, 15, 5, 7).getTime();
const inputs = [
  path.join('i18n', 'money.ts'),
  path.join('features', 'cashier', 'AmountField.tsx'),
  path.join('features', 'settings', 'field-table.ts'),
];

const row = historyRow(at, { amountCents: 123456, feeCents: 150 });

const table = () => renderHistoryTable([row]);

describe('money in the chosen language', () => {
  it('no screen shows an amount in the fixed pt-BR form', () => {
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|tsx)$/.test(f) && !inputs.includes(f))
      .filter((f) => /formatBRL\(/.test(readFileSync(path.join(root, f), 'utf8')));
    expect(files).toEqual([]);
  });

  it('the history table shows English amounts in English', async () => {
    await setLanguage('en');
    table();
    // Charged and received (the same here).
    expect(screen.getAllByText('R$1,234.56')).toHaveLength(2);
    expect(screen.getByText('R$1.50')).toBeTruthy();
    expect(screen.getByText('R$1,233.06')).toBeTruthy();
    expect(screen.queryByText(/1\.234,56/)).toBeNull();
  });

  it('pt-BR keeps R$ 1.234,56', () => {
    table();
    expect(screen.getAllByText('R$ 1.234,56')).toHaveLength(2);
  });
});
