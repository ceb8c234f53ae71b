// `Copiar código` says "Código copiado" only when the clipboard took the code; a refused write
// (Electron denies every other permission, a window without focus…) is said plainly.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChargeView } from '../../../shared/views';
import { ChargePanel } from '../../../renderer/features/cashier/ChargePanel';
import { i18next } from '../../../renderer/i18n';

const charge: ChargeView = {
  id: 'c1',
  externalId: 'e1',
  operation: 'deposit',
  amountCents: 1234,
  status: 'PENDING',
  brcode: '00020101021226830014br.gov.bcb.pix',
  flags: [],
  demo: false,
  createdAt: 0,
  updatedAt: 0,
  expiresAt: Date.now() + 60_000,
};

function show(writeText: (t: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render(
    <ChargePanel
      charge={charge}
      demo={false}
      onNew={() => {}}
      onSimulate={() => {}}
      onRecheck={() => {}}
    />,
  );
  return screen.getByRole('button', { name: 'Copiar código' });
}

afterEach(cleanup);

describe('Copiar código', () => {
  it('says copied once the clipboard has the code', async () => {
    await i18next.changeLanguage('pt-BR');
    const writeText = vi.fn(async () => {});
    const button = show(writeText);
    await act(async () => fireEvent.click(button));
    expect(writeText).toHaveBeenCalledWith(charge.brcode);
    expect(screen.getByRole('button', { name: 'Código copiado' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says it failed, and selects the code for Ctrl+C, when the clipboard refuses', async () => {
    await i18next.changeLanguage('pt-BR');
    const button = show(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    await act(async () => fireEvent.click(button));
    expect(screen.queryByRole('button', { name: 'Código copiado' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(
      'Não foi possível copiar. O código está selecionado: tecle Ctrl+C.',
    );
    expect(window.getSelection()?.toString()).toBe(charge.brcode);
  });
});
