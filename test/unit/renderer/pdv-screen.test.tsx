import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PdvScreen } from '../../../renderer/features/pdv/PdvScreen';
import { setLanguage } from '../../../renderer/i18n';
import { usePdv, type PdvOverview } from '../../../renderer/stores/pdv-store';

afterEach(cleanup);
beforeEach(() => setLanguage('en'));

const settings = {
  enabled: false,
  reqDir: '',
  respDir: '',
  confirmMinutes: 10,
  apiEnabled: false,
  apiPort: 7878,
};
const show = (exchange: PdvOverview['exchange'], api: PdvOverview['api']) => {
  usePdv.setState({
    overview: { exchange, api, requests: [] },
    settings,
    message: null,
    token: null,
    load: async () => {},
  });
  render(<PdvScreen />);
};

const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('Integração com o PDV tells the truth about on and off', () => {
  it('the exchange and the API forced on by the command line show on, and cannot be turned off here', () => {
    show(
      { state: 'watching', req: '/x/req', resp: '/x/resp', forced: true },
      { url: 'http://127.0.0.1:7878/v1', hasToken: true, forced: true },
    );
    expect(box(/File exchange \(TEF Dial\) on/)).toMatchObject({ checked: true, disabled: true });
    expect(box(/Local API on/)).toMatchObject({ checked: true, disabled: true });
    const folder = screen.getByRole('textbox', { name: /Requests folder/ }) as HTMLInputElement;
    expect(folder).toMatchObject({ value: '/x/req', disabled: true });
  });
  it('without the command line, the saved setting is shown and can be changed', () => {
    show({ state: 'off', req: '/d/req', resp: '/d/resp' }, { url: null, hasToken: false });
    expect(box(/File exchange \(TEF Dial\) on/)).toMatchObject({ checked: false, disabled: false });
  });
});
