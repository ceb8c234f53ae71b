import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../../shared/ipc-api';
import type { CallChannel } from '../../../shared/ipc-channels';
import { err, ok, type Result } from '../../../shared/result';
import { PinDialog } from '../../../renderer/components/PinDialog';
import { ConnectFlow } from '../../../renderer/features/onboarding/ConnectFlow';
import { DefenseForm } from '../../../renderer/features/infractions/DefenseForm';
import { useApp } from '../../../renderer/stores/app-store';
import { useOnboarding } from '../../../renderer/stores/onboarding-store';
import { setLanguage } from '../../../renderer/i18n';

// The window.balcao a component sees: every call recorded, answers given per channel. The
// services behind it are tested for real elsewhere; here only what the forms send (or not).
let calls: Array<{ channel: CallChannel; input: unknown }> = [];
let answers: Partial<Record<CallChannel, Result<unknown>>> = {};
beforeEach(() => {
  calls = [];
  answers = {
    'settings:get': ok({
      printer: { name: '', paperWidthMm: 80, kind: 'system', address: '' },
      psp: {},
      relay: {},
      operators: { idleLockMinutes: 0 },
    }),
    'credentials:status': ok({ configured: false, relayToken: false }),
  };
  installApi();
  useApp.setState({ info: null });
});
afterEach(cleanup);

/** Installs the recording window.balcao; settings:get first waits for `settingsArrive`, if given. */
function installApi(settingsArrive?: () => Promise<void>) {
  window.balcao = createApi(
    async (channel, input) => {
      calls.push({ channel, input });
      if (channel === 'settings:get' && settingsArrive) await settingsArrive();
      return answers[channel] ?? ok({});
    },
    () => () => {},
  );
}

const sent = (channel: CallChannel) => calls.filter((c) => c.channel === channel);
const click = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The error shown next to a field (tied to it by aria-describedby). */
const errorOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

/** The PIN step: types the new PIN and its confirmation (the same unless told) and goes on. */
async function choosePin(pin: string, confirm = pin) {
  type('Novo PIN', pin);
  type('Confirme o PIN', confirm);
  await click('Continuar');
}

/** The PSP step: the address (https unless told) and the credentials. */
function fillPsp(url = 'https://psp.example.com/api') {
  type('URL do PSP', url);
  type('Client ID', 'loja');
  type('Client Secret', 's3cret');
}

async function openFirstRun() {
  render(<ConnectFlow firstRun onDone={() => {}} />);
  await screen.findByRole('heading', { name: 'Bem-vindo ao Balcão' });
  await click('Conectar ao PSP');
}

describe('first run: the language', () => {
  afterEach(() => setLanguage('pt-BR'));
  it('English on the welcome screen: kept by the service and the screen in English at once', async () => {
    answers['onboarding:language'] = ok({ language: 'en' });
    render(<ConnectFlow firstRun onDone={() => {}} />);
    const group = screen.getByRole('group', { name: 'Idioma · Language' });
    expect(within(group).getByRole('button', { name: 'Português' }).ariaPressed).toBe('true');
    await act(async () => {
      fireEvent.click(within(group).getByRole('button', { name: 'English' }));
    });
    expect(sent('onboarding:language').map((c) => c.input)).toEqual([{ language: 'en' }]);
    await screen.findByRole('heading', { name: 'Welcome to Balcão' });
    expect(screen.getByRole('button', { name: 'Connect to the PSP' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'English' }).ariaPressed).toBe('true');
  });

  it('refused by the service: said in words, the language unchanged', async () => {
    answers['onboarding:language'] = err('auth', 'OWNER_LOCKED');
    render(<ConnectFlow firstRun onDone={() => {}} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
    });
    expect(screen.getByRole('alert').textContent).not.toBe('');
    expect(screen.getByRole('heading', { name: 'Bem-vindo ao Balcão' })).toBeTruthy();
  });
});

describe('first run: the PIN step', () => {
  it('refuses a PIN that is not 4 to 8 digits, next to the field, and stays', async () => {
    await openFirstRun();
    await choosePin('12a');
    expect(errorOf('Novo PIN')).toBe('O PIN deve ter de 4 a 8 dígitos.');
    expect(screen.queryByLabelText('URL do PSP')).toBeNull();
  });

  it('a PIN cannot be typed while the saved settings are on their way (their arrival wiped it)', async () => {
    let release!: () => void;
    const arrived = new Promise<void>((r) => (release = r));
    installApi(() => arrived);
    await openFirstRun();
    expect(screen.queryByLabelText('Novo PIN')).toBeNull();
    expect(screen.getByText('Carregando as configurações…')).toBeTruthy();
    await act(async () => release());
    await choosePin('4826');
    expect(screen.getByLabelText('URL do PSP')).toBeTruthy();
  });

  it('started twice (StrictMode): the first answer does not show the form the second would wipe', async () => {
    const releases: Array<() => void> = [];
    installApi(() => new Promise<void>((r) => releases.push(r)));
    await openFirstRun();
    await act(async () => void useOnboarding.getState().start());
    await act(async () => releases[0]!());
    expect(screen.queryByLabelText('Novo PIN')).toBeNull();
    await act(async () => releases[1]!());
    await choosePin('4826');
    expect(screen.getByLabelText('URL do PSP')).toBeTruthy();
  });

  it('refuses two PINs that differ, next to the confirmation', async () => {
    await openFirstRun();
    await choosePin('1234', '1243');
    expect(errorOf('Confirme o PIN')).toBe('Os dois PINs não são iguais.');
    type('Confirme o PIN', '1234');
    await click('Continuar');
    expect(screen.getByLabelText('URL do PSP')).toBeTruthy();
    expect(sent('owner:setPin')).toEqual([]);
  });
});

describe('first run: the PSP step', () => {
  async function toPsp() {
    await openFirstRun();
    await choosePin('1234');
  }

  it('an http address that is not loopback is refused with the reason, and nothing is asked', async () => {
    await toPsp();
    fillPsp('http://psp.example.com/api');
    await click('Testar conexão');
    expect(errorOf('URL do PSP')).toBe('Use um endereço https:// (http:// só em 127.0.0.1).');
    type('URL do PSP', 'psp.example.com');
    await click('Testar conexão');
    expect(errorOf('URL do PSP')).toContain('Endereço inválido');
    expect(sent('onboarding:test')).toEqual([]);
  });

  it('empty credentials are refused next to each field', async () => {
    await toPsp();
    type('URL do PSP', 'https://psp.example.com/api');
    await click('Testar conexão');
    expect(errorOf('Client ID')).toBe('Informe o Client ID.');
    expect(errorOf('Client Secret')).toBe('Informe o Client Secret.');
    expect(sent('onboarding:test')).toEqual([]);
  });

  it('a failed test is said in words in a status, naming the step', async () => {
    answers['onboarding:test'] = ok({
      passed: false,
      step: 'balance',
      problem: 'UNEXPECTED_REPLY',
      detail: 'balance',
      keychain: true,
      checks: [
        { id: 'login', state: 'pass' },
        { id: 'balance', state: 'fail', problem: 'UNEXPECTED_REPLY', detail: 'balance' },
      ],
    });
    await toPsp();
    fillPsp();
    await click('Testar conexão');
    expect(sent('onboarding:test')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe(
      'O PSP respondeu fora do formato esperado ao ler o saldo (campo balance). Confira a URL (termina em /api?) e o Perfil do PSP.',
    );
  });

  it("each check is a line: ✓ or ✗, with the PSP's words and what to check", async () => {
    answers['onboarding:test'] = ok({
      passed: false,
      balanceCents: 100,
      keychain: true,
      checks: [
        { id: 'login', state: 'pass' },
        { id: 'balance', state: 'pass' },
        {
          id: 'statusQuery',
          state: 'fail',
          problem: 'WRONG_CREDENTIALS',
          pspMessage: 'token inválido',
        },
        { id: 'callback', state: 'fail', problem: 'RELAY_UNREACHABLE' },
      ],
    });
    await toPsp();
    fillPsp();
    await click('Testar conexão');
    // Login and balance passed, yet the verdict is not "OK".
    expect(screen.getByRole('status').textContent).toMatch(/^Nem tudo o que este perfil usa/);
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines[0]).toBe('✓ Login: OK');
    expect(lines[2]).toBe(
      '✗ Consulta de status: falhou — O PSP recusou as credenciais. Confira o Client ID e o Client Secret no painel do PSP. O PSP disse: “token inválido”',
    );
    expect(lines[3]).toMatch(/^✗ Avisos de pagamento \(relay\): falhou — O relay não respondeu/);
    // Salvar e usar warns, without blocking, that payment news may not arrive.
    await click('Continuar');
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Atenção: o teste dos avisos de pagamento falhou/,
    );
  });

  it('a relay without its channel is refused next to it, and nothing is saved', async () => {
    await toPsp();
    fillPsp();
    await click('Continuar');
    type('URL do relay', 'https://relay.example.com');
    await click('Salvar e usar');
    expect(errorOf('Canal do relay')).toBe(
      'Informe o canal do relay (ou o token de administração).',
    );
    expect(errorOf('Token do canal do relay')).toBe(
      'O token do canal tem pelo menos 16 caracteres.',
    );
    expect(sent('onboarding:save')).toEqual([]);
    type('URL do relay', '');
    await click('Salvar e usar');
    expect(sent('onboarding:save')).toHaveLength(1);
    expect(sent('onboarding:save')[0]!.input).toMatchObject({
      newPin: '1234',
      confirmPin: '1234',
      baseUrl: 'https://psp.example.com/api',
      clientSecret: 's3cret',
    });
  });
});

describe('first run: after Salvar e usar', () => {
  async function toSave() {
    await openFirstRun();
    await choosePin('1234');
    fillPsp();
    await click('Continuar');
    await click('Salvar e usar');
  }

  it('a payload the service refuses as a whole says so in words, not next to a hidden field', async () => {
    answers['onboarding:save'] = err('validation', 'INVALID_PAYLOAD', { field: 'apiPix' });
    await toSave();
    expect(screen.getByRole('alert').textContent).toBe('Dados inválidos em “apiPix”.');
  });

  it('the API Pix webhook outcome: ✗ with the PSP’s words and what to do, then Ir para o Caixa', async () => {
    let done = 0;
    answers['onboarding:save'] = ok({
      mode: 'live',
      webhook: {
        ok: false,
        at: 1,
        url: 'http://relay/hooks/c',
        code: 'PSP_REJECTED',
        params: { status: 400, pspMessage: 'Campo webhook.webhookUrl não respeita o schema.' },
      },
    });
    render(<ConnectFlow firstRun={false} onDone={() => void done++} />);
    await screen.findByLabelText('URL do PSP');
    fillPsp();
    await click('Continuar');
    await click('Salvar e usar');
    const line = screen.getByRole('status', { name: 'Webhook registrado no PSP' });
    expect(line.textContent).toContain('✗');
    expect(line.textContent).toContain('(PSP: Campo webhook.webhookUrl não respeita o schema.)');
    expect(line.textContent).toContain('proxy com TLS mútuo');
    expect(done).toBe(0);
    await click('Ir para o Caixa');
    expect(done).toBe(1);
  });
});

describe('the PIN dialog', () => {
  it('keeps the focus inside, Esc closes it and reaches nothing behind it', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    let windowEsc = 0;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && windowEsc++;
    window.addEventListener('keydown', onKey);
    let closed = 0;
    const view = render(
      <PinDialog
        hasPin
        onUnlock={async () => null}
        onSetPin={async () => null}
        onCancel={() => closed++}
      />,
    );
    const input = screen.getByLabelText('PIN');
    expect(document.activeElement).toBe(input);
    const cancel = screen.getByRole('button', { name: 'Cancelar' });
    cancel.focus();
    fireEvent.keyDown(cancel, { key: 'Tab' });
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Escape' });
    expect(closed).toBe(1);
    expect(windowEsc).toBe(0);
    view.unmount();
    expect(document.activeElement).toBe(opener);
    window.removeEventListener('keydown', onKey);
    opener.remove();
  });

  it('without a PIN yet it sets one, typed twice', async () => {
    const set: string[] = [];
    render(
      <PinDialog
        hasPin={false}
        onUnlock={async () => null}
        onSetPin={async (p) => (set.push(p), null)}
        onCancel={() => {}}
      />,
    );
    type('Novo PIN', '2468');
    type('Confirme o PIN', '2469');
    await click('Definir PIN');
    expect(screen.getByText('Os dois PINs não são iguais.')).toBeTruthy();
    expect(set).toEqual([]);
    type('Confirme o PIN', '2468');
    await click('Definir PIN');
    expect(set).toEqual(['2468']);
  });
});

describe('the MED defense form', () => {
  it('a short justification or a non-https proof is refused next to it, nothing sent', async () => {
    render(<DefenseForm id="inf-1" onDone={() => {}} />);
    type('Justificativa', 'curta');
    type('Provas (URLs)', 'http://loja.example/nf.pdf');
    await click('Enviar defesa');
    expect(errorOf('Justificativa')).toBe('A justificativa deve ter de 10 a 2000 caracteres.');
    expect(errorOf('Provas (URLs)')).toBe('Cada prova é um link https://.');
    expect(sent('infractions:defend')).toEqual([]);
    type('Justificativa', 'Mercadoria entregue, nota fiscal anexa.');
    type('Provas (URLs)', 'https://loja.example/nf.pdf');
    await click('Enviar defesa');
    expect(sent('infractions:defend')[0]!.input).toMatchObject({
      infractionId: 'inf-1',
      analise: 'DISAGREED',
      proofs: ['https://loja.example/nf.pdf'],
    });
  });
});
