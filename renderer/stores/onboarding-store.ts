import { create } from 'zustand';
import type { CallOutput } from '../../shared/ipc-contract';
import {
  checkConnection,
  checkGoLive,
  checkNewPin,
  type ApiPixForm,
  type FieldProblem,
  type GoLiveInput,
} from '../../shared/onboarding';
import { isApiPixPresetId } from '../../shared/api-pix-presets';
import type { WebhookRegistration } from '../../shared/api-pix-webhook';
import { isPspPresetId } from '../../shared/psp-presets';
import { unitsOf } from '../../shared/psp-units';
import type { AppSettings } from '../../shared/settings';
import { bridge, describeError } from '../bridge';
import { useApp } from './app-store';

export type ConnectForm = Omit<
  GoLiveInput,
  'newPin' | 'confirmPin' | 'kind' | 'apiPix' | 'certificate'
> & {
  newPin: string;
  confirmPin: string;
  kind: 'family' | 'api-pix';
  apiPix: ApiPixForm;
  /** Typed only; sent once, never read back. */
  certificate: { certPem: string; keyPem: string; passphrase: string };
};

export const emptyApiPix = (): ApiPixForm => ({
  preset: '',
  tokenUrl: '',
  tokenAuth: 'basic',
  scopes: 'cob.write cob.read pix.write pix.read webhook.write webhook.read',
  chave: '',
  expiracaoSeconds: 3_600,
});

export const emptyForm = (): ConnectForm => ({
  kind: 'family',
  apiPix: emptyApiPix(),
  certificate: { certPem: '', keyPem: '', passphrase: '' },
  preset: 'seed',
  baseUrl: '',
  chargeOperation: 'deposit',
  clientId: '',
  clientSecret: '',
  webhookSecret: '',
  units: {},
  newPin: '',
  confirmPin: '',
  relay: { url: '', channelId: '', token: '', adminToken: '' },
  printer: { name: '', paperWidthMm: 80, kind: 'system', address: '' },
  defaultPayer: { name: '', document: '', email: '', phone: '' },
});

type TestReport = CallOutput<'onboarding:test'>;

interface OnboardingState {
  form: ConnectForm;
  /** Error codes by field (`baseUrl`, `relay.token`…), shown next to each field. */
  errors: Record<string, string>;
  testing: boolean;
  report: TestReport | null;
  /** The last failure that belongs to no field (keychain, relay unreachable…). */
  failure: string | null;
  saving: boolean;
  /** API Pix: what the PSP answered to the webhook registration of the last save. */
  webhook: WebhookRegistration | null;
  /** The saved settings the form starts from (the printer section edits a copy of them). */
  base: AppSettings | null;
  /** What is stored already: an empty secret then keeps it. */
  stored: { credentials: boolean; relayToken: boolean; certificate: boolean };
  /** The saved settings are on the way: the form is not shown, so nothing typed is overwritten. */
  loading: boolean;
  start(): Promise<void>;
  edit(patch: Partial<ConnectForm>): void;
  checkPin(): boolean;
  test(): Promise<void>;
  save(needsPin: boolean): Promise<boolean>;
  /** The webhook outcome was read: the flow is over. */
  finish(): Promise<void>;
}

/**
 * A refusal the owner fixes at a field; a payload refused as a whole (INVALID_PAYLOAD names a
 * part of the request no field shows, like `apiPix`) is said in words above the buttons.
 */
const onAField = (r: { code: string; field?: string }) => !!r.field && r.code !== 'INVALID_PAYLOAD';

const byField = (problems: FieldProblem[]) =>
  Object.fromEntries(problems.map((p) => [p.field, p.code]));

/** The API Pix part of a request: only for that kind (the family's form stays as it was). */
const apiPixPart = (f: ConnectForm) =>
  f.kind === 'api-pix'
    ? { kind: f.kind, apiPix: f.apiPix, certificate: f.certificate }
    : { kind: f.kind };

const ctxOf = (stored: OnboardingState['stored']) => ({
  hasStoredCredentials: stored.credentials,
  hasStoredCertificate: stored.certificate,
});

const testInput = (f: ConnectForm) => ({
  ...apiPixPart(f),
  preset: f.preset,
  baseUrl: f.baseUrl,
  chargeOperation: f.chargeOperation,
  clientId: f.clientId,
  clientSecret: f.clientSecret,
  // The callback path is tested through the relay the form names (empty: not tested).
  relay: f.relay,
});

/** How many times start() ran: an answer to an earlier one is dropped. */
let starts = 0;

/**
 * The first run and `Conectar ao PSP`: the form stays here until `Salvar e usar` sends it all
 * in one call; secrets typed are cleared once sent and never read back.
 */
export const useOnboarding = create<OnboardingState>((set, get) => ({
  form: emptyForm(),
  errors: {},
  testing: false,
  report: null,
  failure: null,
  saving: false,
  webhook: null,
  stored: { credentials: false, relayToken: false, certificate: false },
  base: null,
  // Until the first start() has the saved settings: the form is never shown before them.
  loading: true,
  async start() {
    set({
      form: emptyForm(),
      errors: {},
      report: null,
      failure: null,
      webhook: null,
      loading: true,
    });
    const seq = ++starts;
    const [s, c] = await Promise.all([bridge().settings.get({}), bridge().credentials.status({})]);
    // Only the latest start applies (React's StrictMode starts twice in development): an earlier
    // answer showed the form, and the later one then wiped the PIN typed into it.
    if (seq !== starts) return;
    const form = emptyForm();
    // Configurações → Conectar ao PSP starts from the saved (non-secret) settings of a live shop.
    if (s.ok && useApp.getState().info?.mode === 'live') {
      form.baseUrl = s.value.psp.baseUrl;
      form.chargeOperation = s.value.psp.chargeOperation;
      if (isPspPresetId(s.value.psp.preset)) form.preset = s.value.psp.preset;
      form.units = unitsOf(s.value.psp);
      form.relay = { ...form.relay, url: s.value.relay.url, channelId: s.value.relay.channelId };
      form.kind = s.value.psp.kind;
      // Only the form's own fields: the strict contract refuses the rest (receivedPixEveryMinutes).
      const { preset, tokenUrl, tokenAuth, scopes, chave, expiracaoSeconds } = s.value.psp.apiPix;
      form.apiPix = {
        preset: isApiPixPresetId(preset) ? preset : '',
        tokenUrl,
        tokenAuth,
        scopes,
        chave,
        expiracaoSeconds,
      };
    }
    if (s.ok) form.printer = { ...s.value.printer };
    if (s.ok && s.value.defaultPayer) form.defaultPayer = { ...s.value.defaultPayer };
    set({
      form,
      loading: false,
      base: s.ok ? s.value : null,
      errors: {},
      report: null,
      failure: null,
      stored: c.ok
        ? {
            credentials: c.value.configured,
            relayToken: c.value.relayToken,
            certificate: c.value.clientCertificate === true,
          }
        : { credentials: false, relayToken: false, certificate: false },
    });
  },
  edit: (patch) =>
    set((s) => {
      const errors = { ...s.errors };
      for (const k of Object.keys(patch))
        for (const e of Object.keys(errors)) if (e === k || e.startsWith(`${k}.`)) delete errors[e];
      return { form: { ...s.form, ...patch }, errors, report: null };
    }),
  checkPin() {
    const { form } = get();
    const problems = checkNewPin(form.newPin, form.confirmPin);
    set({ errors: byField(problems) });
    return problems.length === 0;
  },
  async test() {
    const { form, stored } = get();
    const problems = checkConnection({ ...form, ...apiPixPart(form) }, ctxOf(stored));
    if (problems.length) return set({ errors: byField(problems), report: null });
    set({ testing: true, report: null, failure: null, errors: {} });
    const r = await bridge().onboarding.test(testInput(form));
    set(
      r.ok
        ? { testing: false, report: r.value }
        : {
            testing: false,
            ...(onAField(r) ? { errors: { [r.field!]: r.code } } : { failure: describeError(r) }),
          },
    );
  },
  async finish() {
    set({ webhook: null });
    await useApp.getState().refresh();
  },
  async save(needsPin) {
    const { form, stored } = get();
    const ctx = { needsPin, ...ctxOf(stored), hasRelayToken: stored.relayToken };
    const problems = checkGoLive({ ...form, ...apiPixPart(form) }, ctx);
    if (problems.length) {
      set({ errors: byField(problems) });
      return false;
    }
    set({ saving: true, failure: null });
    const { newPin, confirmPin, kind: _k, apiPix: _a, certificate: _c, ...rest } = form;
    const r = await bridge().onboarding.save({
      ...rest,
      ...apiPixPart(form),
      ...(needsPin && { newPin, confirmPin }),
    });
    if (!r.ok) {
      set({
        saving: false,
        ...(onAField(r) ? { errors: { [r.field!]: r.code } } : { failure: describeError(r) }),
      });
      return false;
    }
    set({ saving: false, form: emptyForm(), webhook: r.value.webhook ?? null });
    // With a webhook outcome to read, the app moves on when the owner leaves that step.
    if (!r.value.webhook) await useApp.getState().refresh();
    return true;
  },
}));
