import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listBackups } from '../../../electron/services/ledger/backup';
import { COMPAT_ROWS, getPath, QUERY_ROWS } from '../../../renderer/features/settings/field-table';
import { SettingsScreen } from '../../../renderer/features/settings/SettingsScreen';
import { setLanguage } from '../../../renderer/i18n';
import { en } from '../../../renderer/i18n/en';
import { ptBR } from '../../../renderer/i18n/pt-BR';
import { tempDir } from '../../helpers/core';
import { installBridge } from '../../helpers/renderer-bridge';

// Configurações as a shop owner meets it, against the real app (services, ledger, handlers):
// sections as tabs, the PSP's compatibility settings only under Avançado, one draft saved from
// any section, and the backup folder refused in words when it cannot hold a copy.
const PIN = '2468';
let app: Awaited<ReturnType<typeof installBridge>>;
beforeAll(async () => {
  await setLanguage('pt-BR');
  app = await installBridge();
  expect((await app.core.owner.setPin(PIN)).ok).toBe(true);
  expect((await app.core.owner.unlock(PIN)).ok).toBe(true);
}, 60_000);
afterAll(async () => {
  await setLanguage('pt-BR');
  await app.close();
});
afterEach(cleanup);

const SECTIONS = [
  'Loja',
  'PSP',
  'Avisos de pagamento',
  'Caixa',
  'Impressora',
  'Cópias de segurança',
  'Proprietário',
  'Avançado',
];
const word = (key: string) => getPath(ptBR, key) as string;
/** The compatibility fields, by their labels: what must be under Avançado only. */
const ADVANCED_LABELS = [...QUERY_ROWS, ...COMPAT_ROWS].map((r) => word(r.label));
const tab = (name: string) => screen.getByRole('tab', { name });
const open = async (name: string) => {
  fireEvent.click(await screen.findByRole('tab', { name }));
  expect(tab(name).getAttribute('aria-selected')).toBe('true');
};
const shown = () => [...document.querySelectorAll('label')].map((l) => l.textContent?.trim() ?? '');

describe('Configurações in sections', () => {
  it('eight sections as tabs; the compatibility fields nowhere but Avançado, each with its help where one is given', async () => {
    render(<SettingsScreen />);
    await screen.findByRole('tablist', { name: 'Seções das configurações' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(SECTIONS);
    // Loja first: the names and the language.
    expect(tab('Loja').getAttribute('aria-selected')).toBe('true');
    screen.getByLabelText('Nome do terminal');
    for (const name of SECTIONS.slice(0, -1)) {
      await open(name);
      expect(
        shown().filter((l) => ADVANCED_LABELS.includes(l)),
        name,
      ).toEqual([]);
      // The section says what it holds.
      expect(screen.getByRole('tabpanel').querySelector('.muted')?.textContent).not.toBe('');
    }
    await open('Avançado');
    fireEvent.click(screen.getByText('Compatibilidade do PSP (avançado)'));
    fireEvent.click(screen.getByText(word('sections.queryTitle')));
    screen.getByLabelText(word('pspProfile.queryMethod'));
    for (const label of COMPAT_ROWS.map((r) => word(r.label)))
      expect(screen.getAllByLabelText(label).length, label).toBeGreaterThan(0);
    // Each compatibility field shown says what it does in its own line of help.
    const shownRows = [...COMPAT_ROWS, ...QUERY_ROWS].filter((r) => document.getElementById(r.id));
    expect(shownRows.length).toBeGreaterThan(COMPAT_ROWS.length);
    for (const r of shownRows)
      expect(screen.getAllByText(word(r.help!)).length, r.id).toBeGreaterThan(0);
    // A field named by a JSON path says what it is in a line under it.
    const template = screen.getByLabelText(word('compat.template'));
    expect(template.closest('.field')?.textContent).toContain(word('settingsHelp.template'));
    screen.getByText(word('settingsHelp.statusMap'));
  });

  it('arrow keys move between sections (one tab stop)', async () => {
    render(<SettingsScreen />);
    await screen.findByRole('tablist');
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toHaveLength(1);
    fireEvent.keyDown(tab('Loja'), { key: 'ArrowRight' });
    expect(tab('PSP').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('PSP'));
    screen.getByRole('button', { name: 'Conectar ao PSP' });
    fireEvent.keyDown(tab('PSP'), { key: 'End' });
    expect(tab('Avançado').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Avançado'), { key: 'ArrowRight' });
    expect(tab('Loja').getAttribute('aria-selected')).toBe('true');
  });

  it('an edit in one section and another in the next, saved once: both kept', async () => {
    render(<SettingsScreen />);
    await open('Loja');
    fireEvent.change(screen.getByLabelText('Nome da loja'), { target: { value: 'Padaria Sol' } });
    await open('Caixa');
    fireEvent.change(screen.getByLabelText('Expiração local da cobrança (minutos)'), {
      target: { value: '20' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    await screen.findByText('Configurações salvas.');
    expect(app.core.settings.get()).toMatchObject({
      shopName: 'Padaria Sol',
      charges: { expiryMinutes: 20 },
    });
  });

  it('Cópias de segurança: a folder that does not exist is refused in words, nothing changes; a good one gets a copy', async () => {
    render(<SettingsScreen />);
    await open('Cópias de segurança');
    const folder = screen.getByLabelText(word('backups.extraDir'));
    const missing = path.join(tempDir(), 'disco-desligado');
    fireEvent.change(folder, { target: { value: missing } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    const said = await screen.findByText(/não existe/);
    expect(said.textContent).toContain(missing);
    expect(said.textContent).toContain('As cópias na pasta de dados continuam como antes.');
    expect(app.core.settings.get().backups.extraDir).toBe('');
    // Still on screen as typed, to correct.
    expect((folder as HTMLInputElement).value).toBe(missing);

    const good = path.join(tempDir(), 'outro-disco');
    mkdirSync(good);
    fireEvent.change(folder, { target: { value: good } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    await screen.findByText('Configurações salvas.');
    expect(app.core.settings.get().backups.extraDir).toBe(good);
    await expect.poll(() => listBackups(good).length, { timeout: 10_000 }).toBe(1);
  });

  it('in English, the sections and the folder’s refusal in English', async () => {
    await setLanguage('en');
    render(<SettingsScreen />);
    await screen.findByRole('tablist', { name: en.sections.title });
    fireEvent.click(screen.getByRole('tab', { name: 'Backups' }));
    const panel = screen.getByRole('tabpanel');
    fireEvent.change(within(panel).getByLabelText(en.backups.extraDir), {
      target: { value: 'relative/folder' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: en.settings.save }));
    await screen.findByText(/whole path/);
    await setLanguage('pt-BR');
  });
});
