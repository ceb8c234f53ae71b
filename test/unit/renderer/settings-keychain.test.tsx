import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storedKeychain } from '../../../electron/main/adapters/stored-keychain';
import { SettingsScreen } from '../../../renderer/features/settings/SettingsScreen';
import { setLanguage } from '../../../renderer/i18n';
import { useSettings } from '../../../renderer/stores/settings-store';
import { installBridge } from '../../helpers/renderer-bridge';

// "Cofre de senhas do sistema" as the owner meets it in Configurações, against the real app:
// picked from the field table, saved with the other settings, and found where the main
// process reads it at the next start, before the core (and the keychain) exist.
const PIN = '2468';
let app: Awaited<ReturnType<typeof installBridge>>;
beforeAll(async () => {
  await setLanguage('pt-BR');
  app = await installBridge();
  expect((await app.core.owner.setPin(PIN)).ok).toBe(true);
  expect((await app.core.owner.unlock(PIN)).ok).toBe(true);
}, 60_000);
afterAll(() => app.close());
afterEach(cleanup);

describe('Cofre de senhas do sistema', () => {
  it('the default by default, named for what it does (no npm package names); the alternative chosen is saved where the next start reads it, and the screen says when it applies', async () => {
    render(<SettingsScreen />);
    // Under Avançado: a choice nobody needs unless the default fails on this computer.
    fireEvent.click(await screen.findByRole('tab', { name: 'Avançado' }));
    const select = screen.getByLabelText('Cofre de senhas do sistema') as HTMLSelectElement;
    expect(select.value).toBe('keytar');
    const labels = [...select.options].map((o) => o.text);
    expect(labels).toEqual([
      'Padrão (recomendado)',
      'Alternativo (use se o padrão falhar neste computador)',
    ]);
    for (const l of labels) expect(l).not.toMatch(/keytar|napi|keyring/i);
    screen.getByText(/vale a partir da próxima vez que o Balcão abrir/);
    fireEvent.change(select, { target: { value: 'napi-keyring' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    await screen.findByText('Configurações salvas.');
    expect(app.core.settings.get().keychain).toBe('napi-keyring');
    expect(storedKeychain(app.dataDir)).toBe('napi-keyring');
  });

  it('a form left from an earlier visit is not shown while the saved values load, so no edit is lost to them', async () => {
    // Back on Configurações after leaving it with an unsaved edit (stale draft in the store).
    useSettings.setState({
      draft: { ...app.core.settings.get(), keychain: 'keytar', terminalName: 'Velho' },
    });
    render(<SettingsScreen />);
    expect(screen.queryByLabelText('Nome do terminal')).toBeNull();
    fireEvent.click(await screen.findByRole('tab', { name: 'Avançado' }));
    const select = screen.getByLabelText('Cofre de senhas do sistema') as HTMLSelectElement;
    expect(select.value).toBe('napi-keyring'); // what the app has, saved above
    fireEvent.click(screen.getByRole('tab', { name: 'Loja' }));
    expect((screen.getByLabelText('Nome do terminal') as HTMLInputElement).value).toBe(
      app.core.settings.get().terminalName,
    );
  });
});
