import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupFolderPicker } from '../../../renderer/features/settings/BackupFolderPicker';
import { BACKUP_ROWS } from '../../../renderer/features/settings/field-table';
import { SectionParts } from '../../../renderer/features/settings/SectionParts';
import { useApp } from '../../../renderer/stores/app-store';
import { createApi } from '../../../shared/ipc-api';
import { ok } from '../../../shared/result';
import { defaultSettings, type AppSettings } from '../../../shared/settings';

// `Escolher pasta…`: in the installed app the OS's dialog fills the backup folder's field (even
// after something was typed in it); the development host has no dialog, so no button.
afterEach(cleanup);

let saved: AppSettings | null = null;
function Backups() {
  const [s, edit] = useState(defaultSettings());
  return (
    <SectionParts
      parts={[{ rows: BACKUP_ROWS }, { draft: BackupFolderPicker }]}
      s={s}
      edit={edit}
      save={() => (saved = s)}
    />
  );
}
const withHost = (host: 'electron' | 'browser', folder: string | null) => {
  window.balcao = createApi(
    async () => ok({ offered: true, folder }),
    () => () => {},
  );
  useApp.setState({ info: { host } as never });
};
const field = () => screen.getByLabelText(/Pasta para uma segunda cópia/) as HTMLInputElement;

describe('the backup folder’s dialog', () => {
  it('installed app: the folder picked replaces what was typed, and is what Salvar sends', async () => {
    withHost('electron', '/media/pendrive/balcao');
    render(<Backups />);
    fireEvent.change(field(), { target: { value: '/tmp/errado' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Escolher pasta…' }));
    });
    expect(field().value).toBe('/media/pendrive/balcao');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(saved?.backups.extraDir).toBe('/media/pendrive/balcao');
  });

  it('cancelled: what was typed stays', async () => {
    withHost('electron', null);
    render(<Backups />);
    fireEvent.change(field(), { target: { value: '/tmp/digitado' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Escolher pasta…' }));
    });
    expect(field().value).toBe('/tmp/digitado');
  });

  it('development host: no dialog to offer, the path is typed', () => {
    withHost('browser', null);
    render(<Backups />);
    expect(screen.queryByRole('button', { name: 'Escolher pasta…' })).toBeNull();
    field();
  });
});
