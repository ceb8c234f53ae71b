import { create } from 'zustand';
import type { CallOutput } from '../../shared/ipc-contract';
import { defaultPayerFor } from '../../shared/demo-payer';
import type { DefaultPayer } from '../../shared/settings';
import type { ConnectionStatus } from '../../shared/views';
import { bridge, describeError } from '../bridge';
import { setLanguage } from '../i18n';
import { formatDate } from '../i18n/dates';

export type Route =
  | 'cashier'
  | 'history'
  | 'balance'
  | 'fees'
  | 'withdraw'
  | 'infractions'
  | 'settings'
  | 'connect'
  | 'pdv'
  | 'health'
  | 'operators'
  | 'shop';
export const OWNER_ROUTES: ReadonlySet<Route> = new Set([
  'withdraw',
  'infractions',
  'settings',
  'connect',
  'pdv',
  'health',
  'operators',
  'shop',
]);

interface Notice {
  id: number;
  level: 'info' | 'warn' | 'error';
  /** A notice code (shared/codes.ts), worded when shown so it follows the language. */
  code: string;
  params?: Record<string, string | number>;
}

interface AppState {
  info: CallOutput<'app:info'> | null;
  connection: ConnectionStatus | null;
  notices: Notice[];
  owner: { hasPin: boolean; unlocked: boolean };
  route: Route;
  pinFor: Route | null;
  paperWidthMm: 58 | 80;
  /** `Pagador padrão` as saved (null = none); `salePayer` adds DEMO's own. */
  defaultPayer: DefaultPayer | null;
  /** Configurações → Caixa's idle lock, in minutes (0 = off; issue 36, with operators only). */
  idleLockMinutes: number;
  /** Subscribes to the app's events, then reads everything. */
  load(): Promise<void>;
  /** Reads the app info, owner state and settings again (after the settings change). */
  refresh(): Promise<void>;
  go(route: Route): Promise<void>;
  unlock(pin: string): Promise<string | null>;
  /** First run without a PIN: sets it (twice typed) and opens the screen asked for. */
  setFirstPin(pin: string): Promise<string | null>;
  closePin(): void;
  /** `Bloquear`: the owner screens lock at once. */
  lock(): Promise<void>;
  /** `Experimentar (DEMO)`: the welcome is not shown again. */
  dismissWelcome(): Promise<void>;
  dismiss(id: number): void;
}

let noticeSeq = 0;
/**
 * The shell's subscriptions, undone before `load` subscribes again: React's StrictMode runs the
 * loading effect twice in development, and a second set of listeners showed every notice twice.
 */
let unsubscribe: Array<() => void> = [];

/** Notices that sum up a state (today's refused callbacks): a newer one replaces the shown one. */
const SUMMARY_NOTICES: ReadonlySet<string> = new Set(['CALLBACKS_REFUSED']);

/** The payer a sale gets when the cashier types none: with it, a sale is amount + Enter. */
export const salePayer = (s: Pick<AppState, 'defaultPayer' | 'info'>) =>
  defaultPayerFor(s.defaultPayer, s.info?.mode, s.info?.language);

/** The shell: app info, connection, notices, navigation and the owner gate. */
export const useApp = create<AppState>((set, get) => ({
  info: null,
  connection: null,
  notices: [],
  owner: { hasPin: false, unlocked: false },
  route: 'cashier',
  pinFor: null,
  paperWidthMm: 80,
  defaultPayer: null,
  idleLockMinutes: 0,
  async load() {
    const api = bridge();
    for (const off of unsubscribe) off();
    unsubscribe = [];
    unsubscribe.push(api.on('connection:changed', (c) => set({ connection: c })));
    // A MED callback: worded with its deadline (the app:notice twin is for OS notifications).
    const offInfractions = api.on('infractions:changed', (n) => {
      const waiting = n.status.toUpperCase() === 'WAITING_PSP';
      const params: Record<string, string> = waiting
        ? { id: n.infractionId, date: formatDate(n.deadline) }
        : { id: n.infractionId, status: n.status };
      const code = waiting ? 'MED_NOTICE' : 'MED_CHANGED';
      set((s) => ({ notices: [...s.notices, { id: ++noticeSeq, level: 'warn', code, params }] }));
    });
    unsubscribe.push(offInfractions);
    const offNotices = api.on('app:notice', (n) => {
      if (n.code === 'MED_INFRACTION') return; // shown from infractions:changed, with its deadline
      set((s) => ({
        notices: [
          ...s.notices.filter((x) => !(SUMMARY_NOTICES.has(n.code) && x.code === n.code)),
          { id: ++noticeSeq, level: n.level, code: n.code, ...(n.params && { params: n.params }) },
        ],
      }));
    });
    unsubscribe.push(offNotices);
    await get().refresh();
    // An owner-only PC opens on Loja, behind the owner PIN like every owner's screen.
    if (get().info?.ownerOnly && get().route === 'cashier') await get().go('shop');
    // Refusals earlier today (before a restart or reload): the owner's notice is shown again.
    const today = get().info?.refusalsToday;
    if (today && today.count > 0 && !get().notices.some((n) => n.code === 'CALLBACKS_REFUSED'))
      set((s) => ({
        notices: [
          ...s.notices,
          {
            id: ++noticeSeq,
            level: 'error',
            code: 'CALLBACKS_REFUSED',
            params: { count: today.count, reason: today.reason ?? 'CALLBACK_OTHER' },
          },
        ],
      }));
  },
  async refresh() {
    const api = bridge();
    const [info, owner, settings] = await Promise.all([
      api.app.info({}),
      api.owner.status({}),
      api.settings.get({}),
    ]);
    if (settings.ok)
      set({
        paperWidthMm: settings.value.printer.paperWidthMm,
        defaultPayer: settings.value.defaultPayer,
        idleLockMinutes: settings.value.operators.idleLockMinutes,
      });
    if (info.ok) {
      set((s) => ({ info: info.value, connection: s.connection ?? info.value.connection }));
      await setLanguage(info.value.language);
    }
    if (owner.ok) set({ owner: { hasPin: owner.value.hasPin, unlocked: owner.value.unlocked } });
  },
  async go(route) {
    if (OWNER_ROUTES.has(route)) {
      const r = await bridge().owner.status({});
      const unlocked = r.ok && r.value.unlocked;
      if (!unlocked) return set({ pinFor: route });
    }
    set({ route, pinFor: null });
  },
  async unlock(pin) {
    const r = await bridge().owner.unlock({ pin });
    if (!r.ok) return describeError(r, { seconds: Math.ceil((r.retryAfterMs ?? 0) / 1000) });
    const target = get().pinFor ?? 'cashier';
    set({ owner: { hasPin: true, unlocked: true }, pinFor: null, route: target });
    return null;
  },
  async setFirstPin(pin) {
    const r = await bridge().owner.setPin({ newPin: pin });
    if (!r.ok) return describeError(r);
    const target = get().pinFor ?? 'cashier';
    set({ owner: { hasPin: true, unlocked: true }, pinFor: null, route: target });
    return null;
  },
  closePin: () => set({ pinFor: null }),
  async lock() {
    await bridge().owner.lock({});
    const route = get().route;
    set((s) => ({
      owner: { ...s.owner, unlocked: false },
      route: OWNER_ROUTES.has(route) ? 'cashier' : route,
    }));
  },
  async dismissWelcome() {
    await bridge().onboarding.dismiss({});
    await get().refresh();
  },
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));
